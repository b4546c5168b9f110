CREATE TABLE "creator_progress" (
	"creator_id" uuid PRIMARY KEY NOT NULL,
	"applied_on" date NOT NULL,
	"language" text NOT NULL,
	"recruiter_id" uuid,
	"status_since" timestamp with time zone NOT NULL,
	"milestone" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "funnel_daily" (
	"day" date NOT NULL,
	"recruiter_id" uuid,
	"step" text NOT NULL,
	"visits" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "funnel_language_daily" (
	"day" date NOT NULL,
	"language" text NOT NULL,
	"step" text NOT NULL,
	"visits" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "funnel_visits" (
	"visit_id" text NOT NULL,
	"step" text NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "funnel_visits_visit_id_step_pk" PRIMARY KEY("visit_id","step")
);
--> statement-breakpoint
CREATE TABLE "language_milestone_counts" (
	"day" date NOT NULL,
	"language" text NOT NULL,
	"milestone" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recruiter_milestone_counts" (
	"day" date NOT NULL,
	"recruiter_id" uuid,
	"milestone" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "status_duration_counts" (
	"day" date NOT NULL,
	"status" text NOT NULL,
	"bucket" smallint NOT NULL,
	"count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "creator_progress" ADD CONSTRAINT "creator_progress_creator_id_creators_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."creators"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "funnel_daily_key" ON "funnel_daily" USING btree ("day","step",coalesce("recruiter_id", '00000000-0000-0000-0000-000000000000'::uuid));--> statement-breakpoint
CREATE UNIQUE INDEX "funnel_language_daily_key" ON "funnel_language_daily" USING btree ("day","step","language");--> statement-breakpoint
CREATE INDEX "funnel_visits_seen_idx" ON "funnel_visits" USING btree ("seen_at");--> statement-breakpoint
CREATE UNIQUE INDEX "language_milestone_counts_key" ON "language_milestone_counts" USING btree ("day","milestone","language");--> statement-breakpoint
CREATE UNIQUE INDEX "recruiter_milestone_counts_key" ON "recruiter_milestone_counts" USING btree ("day","milestone",coalesce("recruiter_id", '00000000-0000-0000-0000-000000000000'::uuid));--> statement-breakpoint
CREATE UNIQUE INDEX "status_duration_counts_key" ON "status_duration_counts" USING btree ("day","status","bucket");--> statement-breakpoint
-- Insights (decision 026), kept by statement-level triggers as the status counts are (decision 005): one
-- row per creator in "creator_progress", creators per application day reaching each milestone by language and
-- by recruiter, and a histogram of the stays in each status. The furthest milestone a status proves: a
-- cancelled creator was matched (the machine cancels only from matched).
CREATE OR REPLACE FUNCTION "creator_milestone"(status text) RETURNS smallint
LANGUAGE sql IMMUTABLE AS $$
  SELECT (CASE status WHEN 'listed' THEN 1 WHEN 'matched' THEN 2 WHEN 'cancelled' THEN 2 WHEN 'finalized' THEN 3 ELSE 0 END)::smallint
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "milestone_name"(milestone integer) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT (ARRAY['applied', 'listed', 'matched', 'finalized'])[milestone + 1]
$$;
--> statement-breakpoint
-- Buckets about 3 % wide on a log scale: a second and a year both land in one of a few hundred.
CREATE OR REPLACE FUNCTION "duration_bucket"(seconds double precision) RETURNS smallint
LANGUAGE sql IMMUTABLE AS $$
  SELECT floor(ln(1 + greatest(0, seconds)) * 32)::smallint
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "creator_insights_added"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "creator_progress" ("creator_id", "applied_on", "language", "recruiter_id", "status_since", "milestone")
  SELECT "id", ("created_at" AT TIME ZONE 'UTC')::date, "language", "recruiter_id", "created_at",
    creator_milestone("status")
  FROM "added_rows";
  INSERT INTO "language_milestone_counts" AS counts ("day", "language", "milestone", "count")
  SELECT ("created_at" AT TIME ZONE 'UTC')::date, "language", milestone_name(reached.m), count(*)
  FROM "added_rows" CROSS JOIN LATERAL generate_series(0, creator_milestone("status")) AS reached(m)
  GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT ("day", "milestone", "language") DO UPDATE SET "count" = counts."count" + excluded."count";
  INSERT INTO "recruiter_milestone_counts" AS counts ("day", "recruiter_id", "milestone", "count")
  SELECT ("created_at" AT TIME ZONE 'UTC')::date, "recruiter_id", milestone_name(reached.m), count(*)
  FROM "added_rows" CROSS JOIN LATERAL generate_series(0, creator_milestone("status")) AS reached(m)
  GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT ("day", "milestone", (coalesce("recruiter_id", '00000000-0000-0000-0000-000000000000'::uuid)))
  DO UPDATE SET "count" = counts."count" + excluded."count";
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- A status change happens at the row's new "updated_at" (every service sets it to now()); a statement that
-- leaves "updated_at" alone changed the status now. One statement: its parts all read "creator_progress" as
-- it was before the statement moves it on.
CREATE OR REPLACE FUNCTION "creator_insights_changed"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  WITH moved AS (
    SELECT a."id", b."status" AS "from_status", a."status" AS "to_status",
      CASE WHEN a."updated_at" IS DISTINCT FROM b."updated_at" THEN a."updated_at" ELSE now() END AS "at"
    FROM "after_rows" a JOIN "before_rows" b ON b."id" = a."id"
    WHERE a."status" <> b."status"
  ),
  was AS MATERIALIZED (
    SELECT m.*, p."applied_on", p."language", p."recruiter_id", p."status_since", p."milestone"
    FROM moved m JOIN "creator_progress" p ON p."creator_id" = m."id"
  ),
  durations AS (
    INSERT INTO "status_duration_counts" AS counts ("day", "status", "bucket", "count")
    SELECT ("at" AT TIME ZONE 'UTC')::date, "from_status", duration_bucket(extract(epoch FROM "at" - "status_since")),
      count(*)
    FROM was
    GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT ("day", "status", "bucket") DO UPDATE SET "count" = counts."count" + excluded."count"
  ),
  reached AS MATERIALIZED (
    SELECT was."applied_on", was."language", was."recruiter_id", milestone_name(step.m) AS "milestone"
    FROM was CROSS JOIN LATERAL generate_series(was."milestone" + 1, creator_milestone(was."to_status")) AS step(m)
  ),
  by_language AS (
    INSERT INTO "language_milestone_counts" AS counts ("day", "language", "milestone", "count")
    SELECT "applied_on", "language", "milestone", count(*) FROM reached
    GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT ("day", "milestone", "language") DO UPDATE SET "count" = counts."count" + excluded."count"
  ),
  by_recruiter AS (
    INSERT INTO "recruiter_milestone_counts" AS counts ("day", "recruiter_id", "milestone", "count")
    SELECT "applied_on", "recruiter_id", "milestone", count(*) FROM reached
    GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT ("day", "milestone", (coalesce("recruiter_id", '00000000-0000-0000-0000-000000000000'::uuid)))
    DO UPDATE SET "count" = counts."count" + excluded."count"
  )
  UPDATE "creator_progress" p
  SET "status_since" = was."at", "milestone" = greatest(was."milestone", creator_milestone(was."to_status"))
  FROM was WHERE p."creator_id" = was."id";
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "creators_insights_insert"
AFTER INSERT ON "creators" REFERENCING NEW TABLE AS "added_rows"
FOR EACH STATEMENT EXECUTE FUNCTION "creator_insights_added"();
--> statement-breakpoint
CREATE TRIGGER "creators_insights_update"
AFTER UPDATE ON "creators" REFERENCING OLD TABLE AS "before_rows" NEW TABLE AS "after_rows"
FOR EACH STATEMENT EXECUTE FUNCTION "creator_insights_changed"();
--> statement-breakpoint
-- Existing creators, from their rows and the activity log: the entries that changed a status ("from"/"to" in
-- their details, and a first stage-2 link, which moved a pending creator) give each status's stays.
CREATE TEMP TABLE "insights_transitions" AS
SELECT l."creator_id", l."timestamp" AS "at",
  CASE WHEN l."action" = 'Stage 2 link generated' THEN 'pending' ELSE l."additional_info" ->> 'from' END AS "from_status",
  CASE WHEN l."action" = 'Stage 2 link generated' THEN 'stage2_sent' ELSE l."additional_info" ->> 'to' END AS "to_status"
FROM "activity_log" l
WHERE l."action" = 'Stage 2 link generated'
  OR (l."additional_info" ->> 'to' IS NOT NULL
    AND l."additional_info" ->> 'from' IS NOT NULL
    AND l."additional_info" ->> 'from' <> l."additional_info" ->> 'to');
--> statement-breakpoint
INSERT INTO "creator_progress" ("creator_id", "applied_on", "language", "recruiter_id", "status_since", "milestone")
SELECT c."id", (c."created_at" AT TIME ZONE 'UTC')::date, c."language", c."recruiter_id",
  coalesce((SELECT max(t."at") FROM "insights_transitions" t WHERE t."creator_id" = c."id"), c."created_at"),
  greatest(creator_milestone(c."status"),
    coalesce((SELECT max(creator_milestone(t."to_status")) FROM "insights_transitions" t WHERE t."creator_id" = c."id"), 0))
FROM "creators" c;
--> statement-breakpoint
INSERT INTO "language_milestone_counts" ("day", "language", "milestone", "count")
SELECT p."applied_on", p."language", milestone_name(reached.m), count(*)
FROM "creator_progress" p CROSS JOIN LATERAL generate_series(0, p."milestone") AS reached(m)
GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO "recruiter_milestone_counts" ("day", "recruiter_id", "milestone", "count")
SELECT p."applied_on", p."recruiter_id", milestone_name(reached.m), count(*)
FROM "creator_progress" p CROSS JOIN LATERAL generate_series(0, p."milestone") AS reached(m)
GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO "status_duration_counts" ("day", "status", "bucket", "count")
SELECT (s."at" AT TIME ZONE 'UTC')::date, s."from_status", duration_bucket(extract(epoch FROM s."at" - s."since")), count(*)
FROM (
  SELECT t."at", t."from_status",
    coalesce(lag(t."at") OVER (PARTITION BY t."creator_id" ORDER BY t."at"), c."created_at") AS "since"
  FROM "insights_transitions" t JOIN "creators" c ON c."id" = t."creator_id"
) s
GROUP BY 1, 2, 3;
--> statement-breakpoint
DROP TABLE "insights_transitions";
