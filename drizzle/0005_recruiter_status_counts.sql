CREATE TABLE "recruiter_status_counts" (
	"recruiter_id" uuid NOT NULL,
	"status" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "recruiter_status_counts_recruiter_id_status_pk" PRIMARY KEY("recruiter_id","status")
);
--> statement-breakpoint
ALTER TABLE "recruiter_status_counts" ADD CONSTRAINT "recruiter_status_counts_recruiter_id_recruiters_id_fk" FOREIGN KEY ("recruiter_id") REFERENCES "public"."recruiters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Each recruiter's applications per status (decision 005), kept by the statement-level triggers of migration
-- 0003: a recruiter's listings page reads a few rows instead of counting the recruiter's creators every time.
-- Rows are written in key order, so two statements touching the same recruiters lock them in the same order.
INSERT INTO "recruiter_status_counts" ("recruiter_id", "status", "count")
SELECT "recruiter_id", "status", count(*) FROM "creators" WHERE "recruiter_id" IS NOT NULL
GROUP BY "recruiter_id", "status";
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "creator_status_counts_added"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "creator_status_counts" AS counts SET "count" = counts."count" + added.n
  FROM (SELECT "status", count(*) AS n FROM "added_rows" GROUP BY "status") AS added
  WHERE counts."status" = added."status";
  INSERT INTO "recruiter_status_counts" AS counts ("recruiter_id", "status", "count")
  SELECT "recruiter_id", "status", count(*) FROM "added_rows" WHERE "recruiter_id" IS NOT NULL
  GROUP BY "recruiter_id", "status" ORDER BY "recruiter_id", "status"
  ON CONFLICT ("recruiter_id", "status") DO UPDATE SET "count" = counts."count" + excluded."count";
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "creator_status_counts_removed"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "creator_status_counts" AS counts SET "count" = counts."count" - removed.n
  FROM (SELECT "status", count(*) AS n FROM "removed_rows" GROUP BY "status") AS removed
  WHERE counts."status" = removed."status";
  INSERT INTO "recruiter_status_counts" AS counts ("recruiter_id", "status", "count")
  SELECT "recruiter_id", "status", -count(*) FROM "removed_rows" WHERE "recruiter_id" IS NOT NULL
  GROUP BY "recruiter_id", "status" ORDER BY "recruiter_id", "status"
  ON CONFLICT ("recruiter_id", "status") DO UPDATE SET "count" = counts."count" + excluded."count";
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- A recruiter's deletion clears `recruiter_id` on their creators, an update that lands here after the
-- recruiter's row is gone: their counts went with it (ON DELETE CASCADE), so only live recruiters are written.
CREATE OR REPLACE FUNCTION "creator_status_counts_changed"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "creator_status_counts" AS counts SET "count" = counts."count" + moved.delta
  FROM (
    SELECT "status", sum(delta) AS delta
    FROM (
      SELECT "status", 1 AS delta FROM "after_rows"
      UNION ALL
      SELECT "status", -1 AS delta FROM "before_rows"
    ) AS changes
    GROUP BY "status"
    HAVING sum(delta) <> 0
  ) AS moved
  WHERE counts."status" = moved."status";
  INSERT INTO "recruiter_status_counts" AS counts ("recruiter_id", "status", "count")
  SELECT moved."recruiter_id", moved."status", moved.delta
  FROM (
    SELECT "recruiter_id", "status", sum(delta) AS delta
    FROM (
      SELECT "recruiter_id", "status", 1 AS delta FROM "after_rows" WHERE "recruiter_id" IS NOT NULL
      UNION ALL
      SELECT "recruiter_id", "status", -1 AS delta FROM "before_rows" WHERE "recruiter_id" IS NOT NULL
    ) AS changes
    GROUP BY "recruiter_id", "status"
    HAVING sum(delta) <> 0
  ) AS moved
  WHERE EXISTS (SELECT 1 FROM "recruiters" WHERE "recruiters"."id" = moved."recruiter_id")
  ORDER BY moved."recruiter_id", moved."status"
  ON CONFLICT ("recruiter_id", "status") DO UPDATE SET "count" = counts."count" + excluded."count";
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "creator_status_counts_emptied"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "creator_status_counts" SET "count" = 0;
  DELETE FROM "recruiter_status_counts";
  RETURN NULL;
END;
$$;
