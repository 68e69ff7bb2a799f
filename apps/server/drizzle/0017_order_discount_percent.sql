ALTER TABLE "orders" ADD COLUMN "discount_percent" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Orders placed before: the percentage as it used to be worked out from the cents.
UPDATE "orders" SET "discount_percent" = round("discount_cents" * 100.0 / "subtotal_cents") WHERE "discount_cents" > 0 AND "subtotal_cents" > 0;
