-- Hand-written (issue 55, decision 155): each author's latest change number, where one indexed
-- read finds it. The warm delta (`GET /api/sync/changes` with a cursor that is already the
-- latest) and the live stream's cursor read this row instead of the six tables' maxima.
-- It is kept in the writing transaction itself by statement triggers beside the row triggers
-- that number changes (0003, 0006, 0009): one upsert per statement and author, whatever numbered
-- the rows (the row trigger, or an import that numbers its events itself), never one per row
-- (a row updated many times in one transaction is what made decision 062 leave row triggers).
-- Only the records of the change feed move it (not reminders): it is the feed's last cursor.
CREATE TABLE "change_heads" (
	"author" text PRIMARY KEY NOT NULL REFERENCES "public"."user"("id") ON DELETE cascade,
	"seq" bigint NOT NULL
);--> statement-breakpoint
CREATE FUNCTION "note_change_heads"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "change_heads" AS head ("author", "seq")
    SELECT "author", max("seq") FROM "changed_rows" WHERE "seq" IS NOT NULL GROUP BY "author"
  ON CONFLICT ("author") DO UPDATE SET "seq" = EXCLUDED."seq" WHERE head."seq" < EXCLUDED."seq";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "activities_change_head_insert" AFTER INSERT ON "activities"
  REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "note_change_heads"();--> statement-breakpoint
CREATE TRIGGER "activities_change_head_update" AFTER UPDATE ON "activities"
  REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "note_change_heads"();--> statement-breakpoint
CREATE TRIGGER "attributes_change_head_insert" AFTER INSERT ON "attributes"
  REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "note_change_heads"();--> statement-breakpoint
CREATE TRIGGER "attributes_change_head_update" AFTER UPDATE ON "attributes"
  REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "note_change_heads"();--> statement-breakpoint
CREATE TRIGGER "groups_change_head_insert" AFTER INSERT ON "groups"
  REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "note_change_heads"();--> statement-breakpoint
CREATE TRIGGER "groups_change_head_update" AFTER UPDATE ON "groups"
  REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "note_change_heads"();--> statement-breakpoint
CREATE TRIGGER "goals_change_head_insert" AFTER INSERT ON "goals"
  REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "note_change_heads"();--> statement-breakpoint
CREATE TRIGGER "goals_change_head_update" AFTER UPDATE ON "goals"
  REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "note_change_heads"();--> statement-breakpoint
CREATE TRIGGER "events_change_head_insert" AFTER INSERT ON "events"
  REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "note_change_heads"();--> statement-breakpoint
CREATE TRIGGER "events_change_head_update" AFTER UPDATE ON "events"
  REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "note_change_heads"();--> statement-breakpoint
CREATE TRIGGER "breaks_change_head_insert" AFTER INSERT ON "breaks"
  REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "note_change_heads"();--> statement-breakpoint
CREATE TRIGGER "breaks_change_head_update" AFTER UPDATE ON "breaks"
  REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "note_change_heads"();--> statement-breakpoint
-- Authors with records before this migration start from their latest number.
INSERT INTO "change_heads" ("author", "seq")
SELECT "author", max("seq") FROM (
  SELECT "author", "seq" FROM "activities"
  UNION ALL SELECT "author", "seq" FROM "attributes"
  UNION ALL SELECT "author", "seq" FROM "groups"
  UNION ALL SELECT "author", "seq" FROM "goals"
  UNION ALL SELECT "author", "seq" FROM "events"
  UNION ALL SELECT "author", "seq" FROM "breaks"
) AS "numbered" WHERE "seq" IS NOT NULL GROUP BY "author";
