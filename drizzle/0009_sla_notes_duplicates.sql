ALTER TABLE "creators" ADD COLUMN "first_staff_action_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "creators" ADD COLUMN "contact_key" text;--> statement-breakpoint
ALTER TABLE "creators" ADD COLUMN "photo_hash" bigint;--> statement-breakpoint
ALTER TABLE "creators" ADD COLUMN "has_duplicates" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "creators_waiting_idx" ON "creators" USING btree ("created_at","id") WHERE "creators"."status" = 'pending' and "creators"."first_staff_action_at" is null;--> statement-breakpoint
CREATE INDEX "creators_contact_key_idx" ON "creators" USING btree ("contact_key") WHERE "creators"."contact_key" is not null;--> statement-breakpoint
CREATE INDEX "creators_photo_band0_idx" ON "creators" USING btree (((photo_hash >> 0) & 65535)) WHERE "creators"."photo_hash" is not null;--> statement-breakpoint
CREATE INDEX "creators_photo_band1_idx" ON "creators" USING btree (((photo_hash >> 16) & 65535)) WHERE "creators"."photo_hash" is not null;--> statement-breakpoint
CREATE INDEX "creators_photo_band2_idx" ON "creators" USING btree (((photo_hash >> 32) & 65535)) WHERE "creators"."photo_hash" is not null;--> statement-breakpoint
CREATE INDEX "creators_photo_band3_idx" ON "creators" USING btree (((photo_hash >> 48) & 65535)) WHERE "creators"."photo_hash" is not null;--> statement-breakpoint
-- The clock of creators already acted on stops at their first staff entry: anything in the log not written by
-- the applicant (the application) or by the creator themselves (stage 2, logged under their Creator ID).
UPDATE "creators" AS c SET "first_staff_action_at" = firsts."at"
FROM (
  SELECT l."creator_id", min(l."timestamp") AS "at"
  FROM "activity_log" AS l JOIN "creators" AS owner ON owner."id" = l."creator_id"
  WHERE l."performed_by" <> 'applicant' AND l."performed_by" <> owner."creator_id"
  GROUP BY l."creator_id"
) AS firsts
WHERE c."id" = firsts."creator_id";--> statement-breakpoint
-- Contact keys as src/server/lib/duplicates.ts writes them; photo hashes need the files and are back-filled by
-- `npm run admin -- backfill-duplicates`.
UPDATE "creators" SET "contact_key" = CASE
  WHEN "contact_method" = 'Email' THEN 'email:' || lower(btrim("contact_info"))
  WHEN "contact_method" = 'Telegram' THEN 'telegram:' || lower(ltrim(btrim("contact_info"), '@'))
  ELSE 'phone:' || regexp_replace(regexp_replace("contact_info", '[^0-9]', '', 'g'), '^00', '')
END;--> statement-breakpoint
UPDATE "creators" SET "has_duplicates" = true
WHERE "contact_key" IN (
  SELECT "contact_key" FROM "creators" WHERE "contact_key" IS NOT NULL GROUP BY "contact_key" HAVING count(*) > 1
);
