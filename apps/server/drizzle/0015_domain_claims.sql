DROP INDEX "tenant_domains_host_key";--> statement-breakpoint
CREATE UNIQUE INDEX "tenant_domains_verified_host_key" ON "tenant_domains" USING btree ("host") WHERE "tenant_domains"."verified_at" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "tenant_domains_tenant_host_key" ON "tenant_domains" USING btree ("tenant_id","host");