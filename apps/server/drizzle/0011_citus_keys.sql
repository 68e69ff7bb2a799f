DROP INDEX "orders_tracking_token_key";--> statement-breakpoint
DROP INDEX "newsletter_subscribers_confirm_token_key";--> statement-breakpoint
DROP INDEX "newsletter_subscribers_unsubscribe_token_key";--> statement-breakpoint
DROP INDEX "reservations_manage_token_key";--> statement-breakpoint
CREATE UNIQUE INDEX "orders_tenant_tracking_token_key" ON "orders" USING btree ("tenant_id","tracking_token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_subscribers_tenant_confirm_token_key" ON "newsletter_subscribers" USING btree ("tenant_id","confirm_token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_subscribers_tenant_unsubscribe_token_key" ON "newsletter_subscribers" USING btree ("tenant_id","unsubscribe_token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "reservations_tenant_manage_token_key" ON "reservations" USING btree ("tenant_id","manage_token_hash");