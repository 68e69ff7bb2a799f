ALTER TABLE "mail_outbox" ADD COLUMN "subject_id" uuid;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "subject_id" uuid;