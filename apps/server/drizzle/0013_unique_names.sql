-- Category names already given twice in one restaurant (any case) are told apart first: "Pizza", "Pizza (2)", in the
-- order the restaurant sorted them.
UPDATE "categories" AS c SET "name" = c."name" || ' (' || d.n || ')'
FROM (SELECT "tenant_id", "id", row_number() OVER (PARTITION BY "tenant_id", lower("name") ORDER BY "sort_order", "created_at", "id") AS n FROM "categories") AS d
WHERE c."tenant_id" = d."tenant_id" AND c."id" = d."id" AND d.n > 1;--> statement-breakpoint
CREATE UNIQUE INDEX "categories_tenant_name_key" ON "categories" USING btree ("tenant_id",lower("name"));
