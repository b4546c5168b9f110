-- Dashboard counts kept per statement instead of per row (decision 005): one update per status a statement
-- touches, read from the statement's transition tables, so a bulk insert or a mass status change costs seven
-- row updates at most and leaves the seven-row table free of bloat.
DROP TRIGGER IF EXISTS "creators_status_counts_insert_delete" ON "creators";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "creators_status_counts_update" ON "creators";
--> statement-breakpoint
DROP FUNCTION IF EXISTS "creator_status_counts_sync"();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "creator_status_counts_added"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "creator_status_counts" AS counts SET "count" = counts."count" + added.n
  FROM (SELECT "status", count(*) AS n FROM "added_rows" GROUP BY "status") AS added
  WHERE counts."status" = added."status";
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
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- Transition tables cannot be limited to the status column, so every update statement comes here; only the
-- statuses whose totals moved are written.
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
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "creators_status_counts_insert"
AFTER INSERT ON "creators" REFERENCING NEW TABLE AS "added_rows"
FOR EACH STATEMENT EXECUTE FUNCTION "creator_status_counts_added"();
--> statement-breakpoint
CREATE TRIGGER "creators_status_counts_delete"
AFTER DELETE ON "creators" REFERENCING OLD TABLE AS "removed_rows"
FOR EACH STATEMENT EXECUTE FUNCTION "creator_status_counts_removed"();
--> statement-breakpoint
CREATE TRIGGER "creators_status_counts_update"
AFTER UPDATE ON "creators" REFERENCING OLD TABLE AS "before_rows" NEW TABLE AS "after_rows"
FOR EACH STATEMENT EXECUTE FUNCTION "creator_status_counts_changed"();
