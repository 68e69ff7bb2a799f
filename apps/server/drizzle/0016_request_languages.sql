ALTER TABLE "contact_requests" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "quote_requests" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "stock_check_requests" ADD COLUMN "language" text;