CREATE TABLE "creator_change_undo" (
	"activity_id" uuid PRIMARY KEY NOT NULL,
	"creator_id" uuid NOT NULL,
	"action" text NOT NULL,
	"changed_at" timestamp with time zone NOT NULL,
	"undone_at" timestamp with time zone,
	"before_status" text NOT NULL,
	"before_listing_url" text,
	"before_hub_id" text,
	"before_token_hash" text,
	"before_token_expires_at" timestamp with time zone,
	"before_first_staff_action_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "creator_change_undo" ADD CONSTRAINT "creator_change_undo_activity_id_activity_log_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activity_log"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "creator_change_undo" ADD CONSTRAINT "creator_change_undo_creator_id_creators_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."creators"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "creator_change_undo_creator_idx" ON "creator_change_undo" USING btree ("creator_id");