CREATE TABLE "saved_views" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"name" text NOT NULL,
	"list" text NOT NULL,
	"query" jsonb NOT NULL,
	"shared" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "creators" ADD COLUMN "tag_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL;--> statement-breakpoint
ALTER TABLE "saved_views" ADD CONSTRAINT "saved_views_owner_id_admins_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."admins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "saved_views_owner_name_key" ON "saved_views" USING btree ("owner_id",lower("name"));--> statement-breakpoint
CREATE INDEX "saved_views_shared_idx" ON "saved_views" USING btree ("shared") WHERE "saved_views"."shared";--> statement-breakpoint
CREATE INDEX "creators_status_language_created_idx" ON "creators" USING btree ("status","language","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "creators_recruiter_status_created_idx" ON "creators" USING btree ("recruiter_id","status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "creators_duplicates_status_created_idx" ON "creators" USING btree ("status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "creators"."has_duplicates";--> statement-breakpoint
CREATE INDEX "creators_tag_ids_idx" ON "creators" USING gin ("tag_ids");--> statement-breakpoint
-- Each creator's tags, copied onto her row (decision 063): the list filter reads them there, through the GIN
-- index when a tag is rare and along the status's own index when it is common, instead of one look-up in
-- creator_tags per row. The copy is kept per statement from creator_tags' transition tables.
UPDATE "creators" AS c SET "tag_ids" = t."ids"
FROM (SELECT "creator_id", array_agg("tag_id" ORDER BY "tag_id") AS "ids" FROM "creator_tags" GROUP BY "creator_id") AS t
WHERE t."creator_id" = c."id";
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "creator_tag_ids_of"(ids uuid[]) RETURNS void
LANGUAGE sql AS $$
  UPDATE "creators" AS c SET "tag_ids" = coalesce(
    (SELECT array_agg(ct."tag_id" ORDER BY ct."tag_id") FROM "creator_tags" AS ct WHERE ct."creator_id" = c."id"),
    '{}'::uuid[])
  WHERE c."id" = ANY(ids);
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "creator_tag_ids_added_or_removed"() RETURNS trigger
LANGUAGE plpgsql SET "jit" = off AS $$
BEGIN
  PERFORM "creator_tag_ids_of"(ARRAY(SELECT DISTINCT "creator_id" FROM "changed_rows"));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "creator_tag_ids_moved"() RETURNS trigger
LANGUAGE plpgsql SET "jit" = off AS $$
BEGIN
  PERFORM "creator_tag_ids_of"(ARRAY(
    SELECT "creator_id" FROM "before_rows" UNION SELECT "creator_id" FROM "after_rows"));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "creator_tags_ids_insert"
AFTER INSERT ON "creator_tags" REFERENCING NEW TABLE AS "changed_rows"
FOR EACH STATEMENT EXECUTE FUNCTION "creator_tag_ids_added_or_removed"();
--> statement-breakpoint
CREATE TRIGGER "creator_tags_ids_delete"
AFTER DELETE ON "creator_tags" REFERENCING OLD TABLE AS "changed_rows"
FOR EACH STATEMENT EXECUTE FUNCTION "creator_tag_ids_added_or_removed"();
--> statement-breakpoint
CREATE TRIGGER "creator_tags_ids_update"
AFTER UPDATE ON "creator_tags" REFERENCING OLD TABLE AS "before_rows" NEW TABLE AS "after_rows"
FOR EACH STATEMENT EXECUTE FUNCTION "creator_tag_ids_moved"();
