-- Retention audit (docs/decisions/027): one row per creator the RETENTION_DAYS rule removed, no personal data.
CREATE TABLE "creator_removals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"creator_id" text NOT NULL,
	"status_at_removal" text NOT NULL,
	"reason" text NOT NULL,
	"removed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "creator_removals_removed_idx" ON "creator_removals" USING btree ("removed_at");