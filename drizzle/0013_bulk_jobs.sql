CREATE TABLE "bulk_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"admin_id" uuid NOT NULL,
	"started_by" text NOT NULL,
	"action" text NOT NULL,
	"scope" jsonb NOT NULL,
	"total" integer NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"result" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "bulk_jobs_state_check" CHECK ("bulk_jobs"."state" in ('queued', 'running', 'done', 'failed', 'interrupted'))
);
--> statement-breakpoint
CREATE INDEX "bulk_jobs_unfinished_idx" ON "bulk_jobs" USING btree ("heartbeat_at") WHERE "bulk_jobs"."state" in ('queued', 'running');--> statement-breakpoint
CREATE INDEX "bulk_jobs_created_idx" ON "bulk_jobs" USING btree ("created_at");