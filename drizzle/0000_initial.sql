CREATE TABLE "activity_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"creator_id" uuid NOT NULL,
	"action" text NOT NULL,
	"timestamp" timestamp with time zone DEFAULT now() NOT NULL,
	"performed_by" text NOT NULL,
	"additional_info" jsonb
);
--> statement-breakpoint
CREATE TABLE "admin_sessions" (
	"id_hash" text PRIMARY KEY NOT NULL,
	"admin_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "admins" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"username" text NOT NULL,
	"password_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "creator_status_counts" (
	"status" text PRIMARY KEY NOT NULL,
	"count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "creators" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"creator_id" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"name" text NOT NULL,
	"language" text NOT NULL,
	"gender" text NOT NULL,
	"contact_method" text NOT NULL,
	"contact_info" text NOT NULL,
	"has_only_fans" text,
	"average_monthly_range" text,
	"age" integer,
	"country" text,
	"agency_goals" text NOT NULL,
	"instagram" text,
	"tiktok" text,
	"twitter" text,
	"additional_info" text,
	"recruiter_id" uuid,
	"recruiter_name" text NOT NULL,
	"photo_key" text,
	"rollick_creator_hub_id" text,
	"rollick_listing_url" text,
	"stage2_token_hash" text,
	"stage2_token_expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "creators_status_check" CHECK ("creators"."status" in ('pending', 'stage2_sent', 'stage2_submitted', 'listed', 'matched', 'finalized', 'cancelled')),
	CONSTRAINT "creators_age_check" CHECK ("creators"."age" is null or "creators"."age" between 18 and 99)
);
--> statement-breakpoint
CREATE TABLE "recruiters" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stage2_submissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"creator_id" uuid NOT NULL,
	"country" text NOT NULL,
	"age" integer NOT NULL,
	"english_level" integer NOT NULL,
	"compensation_type" text NOT NULL,
	"monthly_salary" integer,
	"revenue_share" integer,
	"is_verified_only_fans" text NOT NULL,
	"only_fans_revenue" integer,
	"revenue_screenshot_key" text,
	"has_existing_content" boolean NOT NULL,
	"content_type" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"agency_pitch" text NOT NULL,
	"image_keys" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stage2_english_level_check" CHECK ("stage2_submissions"."english_level" between 0 and 5),
	CONSTRAINT "stage2_revenue_share_check" CHECK ("stage2_submissions"."revenue_share" is null or "stage2_submissions"."revenue_share" between 1 and 100)
);
--> statement-breakpoint
ALTER TABLE "activity_log" ADD CONSTRAINT "activity_log_creator_id_creators_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."creators"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_sessions" ADD CONSTRAINT "admin_sessions_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "creators" ADD CONSTRAINT "creators_recruiter_id_recruiters_id_fk" FOREIGN KEY ("recruiter_id") REFERENCES "public"."recruiters"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stage2_submissions" ADD CONSTRAINT "stage2_submissions_creator_id_creators_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."creators"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activity_log_creator_time_idx" ON "activity_log" USING btree ("creator_id","timestamp");--> statement-breakpoint
CREATE INDEX "admin_sessions_admin_idx" ON "admin_sessions" USING btree ("admin_id");--> statement-breakpoint
CREATE INDEX "admin_sessions_expires_idx" ON "admin_sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "admins_username_key" ON "admins" USING btree (lower("username"));--> statement-breakpoint
CREATE UNIQUE INDEX "creators_creator_id_key" ON "creators" USING btree ("creator_id");--> statement-breakpoint
CREATE INDEX "creators_status_created_idx" ON "creators" USING btree ("status","created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "creators_recruiter_created_idx" ON "creators" USING btree ("recruiter_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "creators_created_idx" ON "creators" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "recruiters_name_key" ON "recruiters" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "stage2_submissions_creator_key" ON "stage2_submissions" USING btree ("creator_id");