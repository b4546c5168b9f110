-- Message templates and stage-2 reminders (decision 060): the owners' wording of each template, one row per
-- reminder sent, when the current stage-2 link was made, and that time in what an undo puts back.
CREATE TABLE "message_templates" (
	"purpose" text NOT NULL,
	"language" text NOT NULL,
	"subject" text,
	"body" text,
	"updated_by" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_templates_purpose_language_pk" PRIMARY KEY("purpose","language"),
	CONSTRAINT "message_templates_text_check" CHECK (("message_templates"."subject" is null) = ("message_templates"."body" is null))
);
--> statement-breakpoint
CREATE TABLE "stage2_reminders" (
	"creator_id" uuid NOT NULL,
	"link_sent_at" timestamp with time zone NOT NULL,
	"mark_days" integer NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stage2_reminders_creator_id_link_sent_at_mark_days_pk" PRIMARY KEY("creator_id","link_sent_at","mark_days")
);
--> statement-breakpoint
ALTER TABLE "creators" ADD COLUMN "stage2_link_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "creator_change_undo" ADD COLUMN "before_link_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "stage2_reminders" ADD CONSTRAINT "stage2_reminders_creator_id_creators_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."creators"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "creators_stage2_reminder_idx" ON "creators" USING btree ("stage2_link_sent_at") WHERE "creators"."status" = 'stage2_sent' and "creators"."contact_method" = 'Email';--> statement-breakpoint
-- When the current stage-2 link was made (decision 060), kept by the database on every change of its token, so
-- each way a link is made, replaced or ended keeps it right. An update that sets the time itself (an undo putting
-- an earlier link back with its own time) keeps what it set. Links made before this migration keep null: no
-- reminder is sent for them.
CREATE OR REPLACE FUNCTION "creator_stage2_link_sent"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.stage2_link_sent_at IS NOT DISTINCT FROM OLD.stage2_link_sent_at THEN
    NEW.stage2_link_sent_at := CASE WHEN NEW.stage2_token_hash IS NULL THEN NULL ELSE now() END;
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "creators_stage2_link_sent"
BEFORE UPDATE OF "stage2_token_hash" ON "creators"
FOR EACH ROW WHEN (NEW.stage2_token_hash IS DISTINCT FROM OLD.stage2_token_hash)
EXECUTE FUNCTION "creator_stage2_link_sent"();
