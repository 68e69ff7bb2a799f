CREATE TABLE "coupon_redemptions" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"coupon_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"customer_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupon_redemptions_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "coupons" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"value" integer NOT NULL,
	"min_order_cents" integer DEFAULT 0 NOT NULL,
	"valid_from" date,
	"valid_until" date,
	"max_uses" integer,
	"max_uses_per_customer" integer,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupons_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "coupons_kind_check" CHECK ("coupons"."kind" in ('percent', 'fixed')),
	CONSTRAINT "coupons_value_check" CHECK ("coupons"."value" > 0 and ("coupons"."kind" <> 'percent' or "coupons"."value" <= 100))
);
--> statement-breakpoint
CREATE TABLE "delivery_zones" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"postal_codes" text[] DEFAULT '{}'::text[] NOT NULL,
	"radius_meters" integer,
	"fee_cents" integer DEFAULT 0 NOT NULL,
	"min_order_cents" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "delivery_zones_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "delivery_zones_kind_check" CHECK ("delivery_zones"."kind" in ('postal_codes', 'radius')),
	CONSTRAINT "delivery_zones_money_check" CHECK ("delivery_zones"."fee_cents" >= 0 and "delivery_zones"."min_order_cents" >= 0),
	CONSTRAINT "delivery_zones_radius_check" CHECK ("delivery_zones"."kind" <> 'radius' or "delivery_zones"."radius_meters" > 0)
);
--> statement-breakpoint
CREATE TABLE "options" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"group_id" uuid NOT NULL,
	"name" text NOT NULL,
	"price_delta_cents" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "options_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "options_price_delta_check" CHECK ("options"."price_delta_cents" between -10000000 and 10000000)
);
--> statement-breakpoint
CREATE TABLE "option_groups" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"min_select" integer DEFAULT 0 NOT NULL,
	"max_select" integer DEFAULT 1 NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "option_groups_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "option_groups_select_check" CHECK ("option_groups"."min_select" >= 0 and "option_groups"."max_select" >= 1 and "option_groups"."min_select" <= "option_groups"."max_select")
);
--> statement-breakpoint
CREATE TABLE "ordering_settings" (
	"tenant_id" uuid PRIMARY KEY NOT NULL,
	"asap_enabled" boolean DEFAULT true NOT NULL,
	"scheduled_enabled" boolean DEFAULT true NOT NULL,
	"lead_time_minutes" integer DEFAULT 20 NOT NULL,
	"slot_interval_minutes" integer DEFAULT 15 NOT NULL,
	"days_ahead" integer DEFAULT 2 NOT NULL,
	"max_orders_per_slot" integer,
	"paused_until" timestamp with time zone,
	"tips_enabled" boolean DEFAULT false NOT NULL,
	"tip_presets" jsonb DEFAULT '[5,10,15]'::jsonb NOT NULL,
	"prices_include_tax" boolean DEFAULT true NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_option_groups" (
	"tenant_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"group_id" uuid NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "product_option_groups_tenant_id_product_id_group_id_pk" PRIMARY KEY("tenant_id","product_id","group_id")
);
--> statement-breakpoint
CREATE TABLE "tax_rates" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"rate_millipercent" integer NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tax_rates_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "tax_rates_rate_check" CHECK ("tax_rates"."rate_millipercent" between 0 and 100000)
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "allergens" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "diet_tags" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "tax_rate_id" uuid;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "options" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "tax_rate_millipercent" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "coupon_code" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "coupon_discount_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tip_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax_included" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax_lines" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_zone_name" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_postal_code" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "slot_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_tenant_id_coupon_id_coupons_tenant_id_id_fk" FOREIGN KEY ("tenant_id","coupon_id") REFERENCES "public"."coupons"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_tenant_id_order_id_orders_tenant_id_id_fk" FOREIGN KEY ("tenant_id","order_id") REFERENCES "public"."orders"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_zones" ADD CONSTRAINT "delivery_zones_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "options" ADD CONSTRAINT "options_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "options" ADD CONSTRAINT "options_tenant_id_group_id_option_groups_tenant_id_id_fk" FOREIGN KEY ("tenant_id","group_id") REFERENCES "public"."option_groups"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "option_groups" ADD CONSTRAINT "option_groups_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ordering_settings" ADD CONSTRAINT "ordering_settings_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_option_groups" ADD CONSTRAINT "product_option_groups_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_option_groups" ADD CONSTRAINT "product_option_groups_tenant_id_product_id_products_tenant_id_id_fk" FOREIGN KEY ("tenant_id","product_id") REFERENCES "public"."products"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_option_groups" ADD CONSTRAINT "product_option_groups_tenant_id_group_id_option_groups_tenant_id_id_fk" FOREIGN KEY ("tenant_id","group_id") REFERENCES "public"."option_groups"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_rates" ADD CONSTRAINT "tax_rates_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "coupon_redemptions_tenant_order_key" ON "coupon_redemptions" USING btree ("tenant_id","order_id");--> statement-breakpoint
CREATE INDEX "coupon_redemptions_tenant_coupon_idx" ON "coupon_redemptions" USING btree ("tenant_id","coupon_id","customer_key");--> statement-breakpoint
CREATE UNIQUE INDEX "coupons_tenant_code_key" ON "coupons" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE INDEX "delivery_zones_tenant_sort_idx" ON "delivery_zones" USING btree ("tenant_id","sort_order");--> statement-breakpoint
CREATE INDEX "options_tenant_group_idx" ON "options" USING btree ("tenant_id","group_id","sort_order");--> statement-breakpoint
CREATE UNIQUE INDEX "option_groups_tenant_name_key" ON "option_groups" USING btree ("tenant_id",lower("name"));--> statement-breakpoint
CREATE INDEX "product_option_groups_tenant_group_idx" ON "product_option_groups" USING btree ("tenant_id","group_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tax_rates_tenant_default_key" ON "tax_rates" USING btree ("tenant_id") WHERE "tax_rates"."is_default";--> statement-breakpoint
CREATE INDEX "orders_tenant_slot_idx" ON "orders" USING btree ("tenant_id","slot_at") WHERE "orders"."slot_at" is not null;