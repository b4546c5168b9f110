CREATE TABLE "cancel_reasons" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text,
	"label" text,
	"position" integer NOT NULL,
	"removed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cancel_reasons_named_check" CHECK ("cancel_reasons"."code" is not null or "cancel_reasons"."label" is not null)
);
--> statement-breakpoint
CREATE TABLE "creator_tags" (
	"creator_id" uuid NOT NULL,
	"tag_id" uuid NOT NULL,
	CONSTRAINT "creator_tags_creator_id_tag_id_pk" PRIMARY KEY("creator_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "tags" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"color" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "creators" ADD COLUMN "assignee_id" uuid;--> statement-breakpoint
ALTER TABLE "creators" ADD COLUMN "cancel_reason_id" uuid;--> statement-breakpoint
ALTER TABLE "creators" ADD COLUMN "cancel_note" text;--> statement-breakpoint
ALTER TABLE "admins" ADD COLUMN "languages" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "admins" ADD COLUMN "last_assigned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "creator_change_undo" ADD COLUMN "before_cancel_reason_id" uuid;--> statement-breakpoint
ALTER TABLE "creator_change_undo" ADD COLUMN "before_cancel_note" text;--> statement-breakpoint
ALTER TABLE "creator_tags" ADD CONSTRAINT "creator_tags_creator_id_creators_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."creators"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "creator_tags" ADD CONSTRAINT "creator_tags_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cancel_reasons_code_key" ON "cancel_reasons" USING btree ("code");--> statement-breakpoint
CREATE INDEX "creator_tags_tag_idx" ON "creator_tags" USING btree ("tag_id","creator_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tags_name_key" ON "tags" USING btree (lower("name"));--> statement-breakpoint
ALTER TABLE "creators" ADD CONSTRAINT "creators_assignee_id_admins_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "creators" ADD CONSTRAINT "creators_cancel_reason_id_cancel_reasons_id_fk" FOREIGN KEY ("cancel_reason_id") REFERENCES "public"."cancel_reasons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "creators_assignee_status_created_idx" ON "creators" USING btree ("assignee_id","status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
-- The shipped cancel reasons (decision 063), translated by their code until an owner words one; `other` asks for a
-- note, and `withdrawn` is also what her own withdrawal records.
INSERT INTO "cancel_reasons" ("code", "position") VALUES
  ('no_response', 1), ('other_agency', 2), ('not_a_fit', 3), ('creator_declined', 4), ('withdrawn', 5), ('other', 6)
ON CONFLICT DO NOTHING;
