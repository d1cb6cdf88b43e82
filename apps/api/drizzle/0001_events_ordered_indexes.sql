DROP INDEX "events_author_date_idx";--> statement-breakpoint
DROP INDEX "events_author_activity_date_idx";--> statement-breakpoint
CREATE INDEX "events_author_date_asc_idx" ON "events" USING btree ("author","event_date","id") WHERE "events"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "events_author_activity_date_asc_idx" ON "events" USING btree ("author","activity_id","event_date","id") WHERE "events"."deleted_at" is null;