-- The applicant's own page (decision 047): its token, hashed and expiring, as stage 2's; and her consent to the
-- privacy notice (decision 048): when, and which version of the notice.
ALTER TABLE "creators" ADD COLUMN "page_token_hash" text;--> statement-breakpoint
ALTER TABLE "creators" ADD COLUMN "page_token_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "creators" ADD COLUMN "consent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "creators" ADD COLUMN "privacy_notice_version" text;