ALTER TABLE "activities" ADD COLUMN "seq" bigint;--> statement-breakpoint
ALTER TABLE "attributes" ADD COLUMN "seq" bigint;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "seq" bigint;--> statement-breakpoint
ALTER TABLE "goals" ADD COLUMN "seq" bigint;--> statement-breakpoint
ALTER TABLE "groups" ADD COLUMN "seq" bigint;--> statement-breakpoint
CREATE INDEX "activities_author_seq_idx" ON "activities" USING btree ("author","seq");--> statement-breakpoint
CREATE INDEX "attributes_author_seq_idx" ON "attributes" USING btree ("author","seq");--> statement-breakpoint
CREATE INDEX "events_author_seq_idx" ON "events" USING btree ("author","seq");--> statement-breakpoint
CREATE INDEX "goals_author_seq_idx" ON "goals" USING btree ("author","seq");--> statement-breakpoint
CREATE INDEX "groups_author_seq_idx" ON "groups" USING btree ("author","seq");--> statement-breakpoint
-- Hand-written (drizzle-kit does not model sequences used by triggers): the change feed of
-- issue 13. Every insert and update of a user's record takes the next number of one sequence,
-- after taking a per-author lock held until commit, so one author's changes commit in the
-- order of their numbers and a reader who saw number n never later finds one below it.
CREATE SEQUENCE IF NOT EXISTS "change_seq" AS bigint;--> statement-breakpoint
CREATE FUNCTION "stamp_change_seq"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('kindling:changes'), hashtext(NEW."author"));
  NEW."seq" := nextval('change_seq');
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "activities_change_seq" BEFORE INSERT OR UPDATE ON "activities"
  FOR EACH ROW EXECUTE FUNCTION "stamp_change_seq"();--> statement-breakpoint
CREATE TRIGGER "attributes_change_seq" BEFORE INSERT OR UPDATE ON "attributes"
  FOR EACH ROW EXECUTE FUNCTION "stamp_change_seq"();--> statement-breakpoint
CREATE TRIGGER "groups_change_seq" BEFORE INSERT OR UPDATE ON "groups"
  FOR EACH ROW EXECUTE FUNCTION "stamp_change_seq"();--> statement-breakpoint
CREATE TRIGGER "goals_change_seq" BEFORE INSERT OR UPDATE ON "goals"
  FOR EACH ROW EXECUTE FUNCTION "stamp_change_seq"();--> statement-breakpoint
CREATE TRIGGER "events_change_seq" BEFORE INSERT OR UPDATE ON "events"
  FOR EACH ROW EXECUTE FUNCTION "stamp_change_seq"();--> statement-breakpoint
-- Records written before this migration join the feed in their creation order.
UPDATE "activities" SET "seq" = nextval('change_seq');--> statement-breakpoint
UPDATE "attributes" SET "seq" = nextval('change_seq');--> statement-breakpoint
UPDATE "groups" SET "seq" = nextval('change_seq');--> statement-breakpoint
UPDATE "goals" SET "seq" = nextval('change_seq');--> statement-breakpoint
UPDATE "events" SET "seq" = nextval('change_seq');
