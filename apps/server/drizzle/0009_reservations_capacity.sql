CREATE TABLE "dining_areas" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dining_areas_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "dining_tables" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"area_id" uuid NOT NULL,
	"name" text NOT NULL,
	"min_seats" integer DEFAULT 1 NOT NULL,
	"max_seats" integer NOT NULL,
	"joinable" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dining_tables_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "dining_tables_seats_check" CHECK ("dining_tables"."min_seats" >= 1 and "dining_tables"."max_seats" >= "dining_tables"."min_seats")
);
--> statement-breakpoint
CREATE TABLE "reservation_settings" (
	"tenant_id" uuid PRIMARY KEY NOT NULL,
	"slot_interval_minutes" integer DEFAULT 15 NOT NULL,
	"stay_rules" jsonb DEFAULT '[{"max_guests":2,"minutes":90},{"max_guests":6,"minutes":120},{"max_guests":50,"minutes":150}]'::jsonb NOT NULL,
	"lead_time_minutes" integer DEFAULT 60 NOT NULL,
	"max_days_ahead" integer DEFAULT 60 NOT NULL,
	"max_party_online" integer DEFAULT 8 NOT NULL,
	"auto_confirm" boolean DEFAULT false NOT NULL,
	"cancel_cutoff_hours" integer DEFAULT 2 NOT NULL,
	"hours" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reservation_tables" (
	"tenant_id" uuid NOT NULL,
	"reservation_id" uuid NOT NULL,
	"table_id" uuid NOT NULL,
	CONSTRAINT "reservation_tables_tenant_id_reservation_id_table_id_pk" PRIMARY KEY("tenant_id","reservation_id","table_id")
);
--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "duration_minutes" integer DEFAULT 120 NOT NULL;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "source" text DEFAULT 'online' NOT NULL;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "manage_token_hash" text;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "seated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "dining_areas" ADD CONSTRAINT "dining_areas_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dining_tables" ADD CONSTRAINT "dining_tables_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dining_tables" ADD CONSTRAINT "dining_tables_tenant_id_area_id_dining_areas_tenant_id_id_fk" FOREIGN KEY ("tenant_id","area_id") REFERENCES "public"."dining_areas"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservation_settings" ADD CONSTRAINT "reservation_settings_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservation_tables" ADD CONSTRAINT "reservation_tables_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservation_tables" ADD CONSTRAINT "reservation_tables_tenant_id_reservation_id_reservations_tenant_id_id_fk" FOREIGN KEY ("tenant_id","reservation_id") REFERENCES "public"."reservations"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservation_tables" ADD CONSTRAINT "reservation_tables_tenant_id_table_id_dining_tables_tenant_id_id_fk" FOREIGN KEY ("tenant_id","table_id") REFERENCES "public"."dining_tables"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "dining_areas_tenant_name_key" ON "dining_areas" USING btree ("tenant_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "dining_tables_tenant_name_key" ON "dining_tables" USING btree ("tenant_id",lower("name"));--> statement-breakpoint
CREATE INDEX "dining_tables_tenant_area_idx" ON "dining_tables" USING btree ("tenant_id","area_id","position");--> statement-breakpoint
CREATE INDEX "reservation_tables_tenant_table_idx" ON "reservation_tables" USING btree ("tenant_id","table_id");--> statement-breakpoint
CREATE UNIQUE INDEX "reservations_manage_token_key" ON "reservations" USING btree ("manage_token_hash");--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_duration_check" CHECK ("reservations"."duration_minutes" between 15 and 720);--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_source_check" CHECK ("reservations"."source" in ('online', 'staff'));