CREATE TABLE "platform_contact_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"restaurant_name" text,
	"subject" text NOT NULL,
	"message" text NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"handled_at" timestamp with time zone,
	"handled_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "platform_contact_messages" ADD CONSTRAINT "platform_contact_messages_handled_by_platform_users_id_fk" FOREIGN KEY ("handled_by") REFERENCES "public"."platform_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "platform_contact_messages_created_idx" ON "platform_contact_messages" USING btree ("created_at");--> statement-breakpoint
-- New permission: super users read and handle the marketing site's contact messages.
UPDATE "platform_roles" SET "permissions" = array_append("permissions", 'platform_messages.manage') WHERE "is_system" AND "name" = 'super_user' AND NOT ('platform_messages.manage' = ANY("permissions"));