CREATE TABLE "import_links" (
	"author" text NOT NULL,
	"source" text NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"local_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "import_links_author_source_kind_key_pk" PRIMARY KEY("author","source","kind","key")
);
--> statement-breakpoint
ALTER TABLE "goals" ADD COLUMN "target" jsonb;--> statement-breakpoint
ALTER TABLE "import_links" ADD CONSTRAINT "import_links_author_user_id_fk" FOREIGN KEY ("author") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Hand-written (decision 062): the event counts of 0002 are kept per statement instead of per
-- row. A row trigger updates one counter row once per event, and inside one transaction each
-- update adds a version of that row that the next one has to walk past: a bulk import of 100k
-- events spent most of its time there. A statement trigger reads the statement's rows (its
-- transition tables) and changes each counter once.
DROP TRIGGER "events_count_insert_delete" ON "events";--> statement-breakpoint
DROP TRIGGER "events_count_update" ON "events";--> statement-breakpoint
DROP FUNCTION "event_counts_apply"();--> statement-breakpoint
CREATE FUNCTION "event_counts_apply_changes"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "event_counts" ("author", "activity_id", "count")
      SELECT "author", "activity_id", count(*) FROM "new_rows" WHERE "deleted_at" IS NULL
      GROUP BY "author", "activity_id"
      ON CONFLICT ("author", "activity_id") DO UPDATE SET "count" = "event_counts"."count" + excluded."count";
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE "event_counts" c SET "count" = c."count" - d."n"
      FROM (SELECT "author", "activity_id", count(*) AS "n" FROM "old_rows" WHERE "deleted_at" IS NULL
            GROUP BY "author", "activity_id") d
      WHERE c."author" = d."author" AND c."activity_id" = d."activity_id";
  ELSE
    INSERT INTO "event_counts" ("author", "activity_id", "count")
      SELECT "author", "activity_id", sum("delta") FROM (
        SELECT "author", "activity_id", -1 AS "delta" FROM "old_rows" WHERE "deleted_at" IS NULL
        UNION ALL
        SELECT "author", "activity_id", 1 FROM "new_rows" WHERE "deleted_at" IS NULL
      ) d
      GROUP BY "author", "activity_id" HAVING sum("delta") <> 0
      ON CONFLICT ("author", "activity_id") DO UPDATE SET "count" = "event_counts"."count" + excluded."count";
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "events_count_insert" AFTER INSERT ON "events"
  REFERENCING NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "event_counts_apply_changes"();--> statement-breakpoint
CREATE TRIGGER "events_count_delete" AFTER DELETE ON "events"
  REFERENCING OLD TABLE AS "old_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "event_counts_apply_changes"();--> statement-breakpoint
CREATE TRIGGER "events_count_update" AFTER UPDATE ON "events"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "event_counts_apply_changes"();
