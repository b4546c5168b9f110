CREATE TABLE "creator_waiting_count" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "creator_waiting_count_one_row" CHECK ("creator_waiting_count"."id")
);
--> statement-breakpoint
-- Creators waiting for a first staff action (decision 025), kept like the status counts (decision 005):
-- statement-level triggers read each statement's transition tables once, and write the one row only when
-- the number moved.
INSERT INTO "creator_waiting_count" ("id", "count")
SELECT true, count(*) FROM "creators" WHERE "status" = 'pending' AND "first_staff_action_at" IS NULL;
--> statement-breakpoint
CREATE FUNCTION "creator_waiting_added"() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE moved integer;
BEGIN
  SELECT count(*) INTO moved FROM "added_rows" WHERE "status" = 'pending' AND "first_staff_action_at" IS NULL;
  IF moved <> 0 THEN
    UPDATE "creator_waiting_count" SET "count" = "count" + moved;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION "creator_waiting_removed"() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE moved integer;
BEGIN
  SELECT count(*) INTO moved FROM "removed_rows" WHERE "status" = 'pending' AND "first_staff_action_at" IS NULL;
  IF moved <> 0 THEN
    UPDATE "creator_waiting_count" SET "count" = "count" - moved;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION "creator_waiting_changed"() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE moved integer;
BEGIN
  SELECT (SELECT count(*) FROM "after_rows" WHERE "status" = 'pending' AND "first_staff_action_at" IS NULL)
       - (SELECT count(*) FROM "before_rows" WHERE "status" = 'pending' AND "first_staff_action_at" IS NULL)
  INTO moved;
  IF moved <> 0 THEN
    UPDATE "creator_waiting_count" SET "count" = "count" + moved;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION "creator_waiting_emptied"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "creator_waiting_count" SET "count" = 0;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "creators_waiting_insert"
AFTER INSERT ON "creators" REFERENCING NEW TABLE AS "added_rows"
FOR EACH STATEMENT EXECUTE FUNCTION "creator_waiting_added"();
--> statement-breakpoint
CREATE TRIGGER "creators_waiting_delete"
AFTER DELETE ON "creators" REFERENCING OLD TABLE AS "removed_rows"
FOR EACH STATEMENT EXECUTE FUNCTION "creator_waiting_removed"();
--> statement-breakpoint
CREATE TRIGGER "creators_waiting_update"
AFTER UPDATE ON "creators" REFERENCING OLD TABLE AS "before_rows" NEW TABLE AS "after_rows"
FOR EACH STATEMENT EXECUTE FUNCTION "creator_waiting_changed"();
--> statement-breakpoint
CREATE TRIGGER "creators_waiting_truncate"
AFTER TRUNCATE ON "creators"
FOR EACH STATEMENT EXECUTE FUNCTION "creator_waiting_emptied"();
