-- Dashboard counts (spec §2) maintained in the same transaction as every creator write (DESIGN §8).
INSERT INTO "creator_status_counts" ("status", "count")
VALUES ('pending', 0), ('stage2_sent', 0), ('stage2_submitted', 0), ('listed', 0),
       ('matched', 0), ('finalized', 0), ('cancelled', 0)
ON CONFLICT ("status") DO NOTHING;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "creator_status_counts_sync"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE "creator_status_counts" SET "count" = "count" - 1 WHERE "status" = OLD."status";
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    UPDATE "creator_status_counts" SET "count" = "count" + 1 WHERE "status" = NEW."status";
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "creators_status_counts_insert_delete"
AFTER INSERT OR DELETE ON "creators"
FOR EACH ROW EXECUTE FUNCTION "creator_status_counts_sync"();
--> statement-breakpoint
CREATE TRIGGER "creators_status_counts_update"
AFTER UPDATE OF "status" ON "creators"
FOR EACH ROW WHEN (OLD."status" IS DISTINCT FROM NEW."status")
EXECUTE FUNCTION "creator_status_counts_sync"();
