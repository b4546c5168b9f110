DROP INDEX "creators_status_created_idx";--> statement-breakpoint
DROP INDEX "creators_recruiter_created_idx";--> statement-breakpoint
DROP INDEX "creators_created_idx";--> statement-breakpoint
CREATE INDEX "creators_status_created_idx" ON "creators" USING btree ("status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "creators_recruiter_created_idx" ON "creators" USING btree ("recruiter_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "creators_created_idx" ON "creators" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);