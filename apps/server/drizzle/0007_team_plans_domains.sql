CREATE TABLE "plans" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"price_cents" integer NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"interval" text DEFAULT 'month' NOT NULL,
	"max_products" integer,
	"max_users" integer,
	"custom_domain" boolean DEFAULT false NOT NULL,
	"custom_roles" boolean DEFAULT false NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "platform_roles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"permissions" text[] DEFAULT '{}' NOT NULL,
	"is_system" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tenant_deletions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"former_tenant_id" uuid NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"actor_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tenant_domains" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"host" text NOT NULL,
	"verification_token" text NOT NULL,
	"verified_at" timestamp with time zone,
	"last_checked_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tenant_domains_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "tenant_status_events" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"reason" text,
	"actor_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tenant_status_events_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
-- The two plans of the marketing site; their limits live here so operators can change them without a release.
INSERT INTO "plans" ("id", "name", "price_cents", "currency", "interval", "max_products", "max_users", "custom_domain", "custom_roles", "sort_order") VALUES
  ('free', 'Free', 0, 'USD', 'month', 100, 5, false, false, 0),
  ('premium', 'Premium', 2900, 'USD', 'month', NULL, NULL, true, true, 1);--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "plan_id" text DEFAULT 'free' NOT NULL;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "trial_ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "suspended_reason" text;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "status_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "upgrade_requested_at" timestamp with time zone;--> statement-breakpoint
-- Operators existed before roles did: they become super users, which is what they could do until now.
INSERT INTO "platform_roles" ("name", "permissions", "is_system") VALUES
  ('super_user', ARRAY['platform.dashboard.view', 'tenants.view', 'tenants.manage', 'tenants.delete', 'platform_users.manage', 'platform_roles.manage'], true),
  ('support', ARRAY['platform.dashboard.view', 'tenants.view'], true);--> statement-breakpoint
ALTER TABLE "platform_users" ADD COLUMN "role_id" uuid;--> statement-breakpoint
UPDATE "platform_users" SET "role_id" = (SELECT "id" FROM "platform_roles" WHERE "name" = 'super_user');--> statement-breakpoint
ALTER TABLE "platform_users" ALTER COLUMN "role_id" SET NOT NULL;--> statement-breakpoint
UPDATE "tenants" SET "status_changed_at" = "created_at";--> statement-breakpoint
ALTER TABLE "tenant_deletions" ADD CONSTRAINT "tenant_deletions_actor_id_platform_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."platform_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenant_domains" ADD CONSTRAINT "tenant_domains_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenant_status_events" ADD CONSTRAINT "tenant_status_events_actor_id_platform_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."platform_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenant_status_events" ADD CONSTRAINT "tenant_status_events_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "platform_roles_name_key" ON "platform_roles" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "tenant_domains_host_key" ON "tenant_domains" USING btree ("host");--> statement-breakpoint
CREATE INDEX "tenant_status_events_tenant_idx" ON "tenant_status_events" USING btree ("tenant_id","created_at");--> statement-breakpoint
ALTER TABLE "tenants" ADD CONSTRAINT "tenants_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_users" ADD CONSTRAINT "platform_users_role_id_platform_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."platform_roles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tenants_plan_idx" ON "tenants" USING btree ("plan_id");--> statement-breakpoint
CREATE INDEX "tenants_created_idx" ON "tenants" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "platform_users_role_idx" ON "platform_users" USING btree ("role_id");