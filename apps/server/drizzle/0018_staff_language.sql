ALTER TABLE "tenants" ADD COLUMN "staff_language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
-- Restaurants from before kept German mails where the country is German-speaking (what was guessed until now).
UPDATE "tenants" SET "staff_language" = 'de' WHERE lower(trim("country")) IN ('germany', 'deutschland', 'austria', 'österreich', 'oesterreich', 'switzerland', 'schweiz', 'liechtenstein', 'de', 'at', 'ch', 'li');
