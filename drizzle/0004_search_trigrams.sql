-- Admin search at any size (docs/decisions/014-a-million-creators.md): trigram indexes for infix matches,
-- unaccent for accent-insensitive ones. Both ship with PostgreSQL's contrib and as PGlite extensions.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
-- Lower case without accents: 'Zoë' and 'ZOE' both fold to 'zoe'. Declared immutable (unaccent alone is only
-- stable, as its rules file could change) so it may build a stored column and run once per query; the
-- search path is the one the extensions were found on, so a restore computes the same text.
CREATE OR REPLACE FUNCTION search_fold(value text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  SET search_path FROM CURRENT
  AS $$ SELECT lower(unaccent('unaccent'::regdictionary, value)) $$;--> statement-breakpoint
-- TRUNCATE fires no DELETE trigger; without this the dashboard would go on counting emptied statuses.
CREATE OR REPLACE FUNCTION "creator_status_counts_emptied"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "creator_status_counts" SET "count" = 0;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "creators_status_counts_truncate"
AFTER TRUNCATE ON "creators"
FOR EACH STATEMENT EXECUTE FUNCTION "creator_status_counts_emptied"();--> statement-breakpoint
ALTER TABLE "creators" ADD COLUMN "search_text" text GENERATED ALWAYS AS (search_fold(name || chr(10) || contact_info || chr(10) || creator_id)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "creators_pending_search_idx" ON "creators" USING gin ("search_text" gin_trgm_ops) WHERE "creators"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "creators_stage2_sent_search_idx" ON "creators" USING gin ("search_text" gin_trgm_ops) WHERE "creators"."status" = 'stage2_sent';--> statement-breakpoint
CREATE INDEX "creators_stage2_submitted_search_idx" ON "creators" USING gin ("search_text" gin_trgm_ops) WHERE "creators"."status" = 'stage2_submitted';--> statement-breakpoint
CREATE INDEX "creators_listed_search_idx" ON "creators" USING gin ("search_text" gin_trgm_ops) WHERE "creators"."status" = 'listed';--> statement-breakpoint
CREATE INDEX "creators_matched_search_idx" ON "creators" USING gin ("search_text" gin_trgm_ops) WHERE "creators"."status" = 'matched';--> statement-breakpoint
CREATE INDEX "creators_finalized_search_idx" ON "creators" USING gin ("search_text" gin_trgm_ops) WHERE "creators"."status" = 'finalized';--> statement-breakpoint
CREATE INDEX "creators_cancelled_search_idx" ON "creators" USING gin ("search_text" gin_trgm_ops) WHERE "creators"."status" = 'cancelled';
