CREATE TABLE "event_counts" (
	"author" text NOT NULL,
	"activity_id" uuid NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "event_counts_author_activity_id_pk" PRIMARY KEY("author","activity_id")
);
--> statement-breakpoint
ALTER TABLE "event_counts" ADD CONSTRAINT "event_counts_author_user_id_fk" FOREIGN KEY ("author") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_counts" ADD CONSTRAINT "event_counts_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Hand-written (drizzle-kit does not model triggers): every write to `events` keeps
-- `event_counts` equal to the number of live events per (author, activity).
CREATE FUNCTION "event_counts_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD."deleted_at" IS NULL THEN
    UPDATE "event_counts" SET "count" = "count" - 1
      WHERE "author" = OLD."author" AND "activity_id" = OLD."activity_id";
  END IF;
  IF TG_OP <> 'DELETE' AND NEW."deleted_at" IS NULL THEN
    INSERT INTO "event_counts" ("author", "activity_id", "count")
      VALUES (NEW."author", NEW."activity_id", 1)
      ON CONFLICT ("author", "activity_id") DO UPDATE SET "count" = "event_counts"."count" + 1;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "events_count_insert_delete" AFTER INSERT OR DELETE ON "events"
  FOR EACH ROW EXECUTE FUNCTION "event_counts_apply"();--> statement-breakpoint
CREATE TRIGGER "events_count_update" AFTER UPDATE ON "events"
  FOR EACH ROW
  WHEN (OLD."author" IS DISTINCT FROM NEW."author"
    OR OLD."activity_id" IS DISTINCT FROM NEW."activity_id"
    OR (OLD."deleted_at" IS NULL) <> (NEW."deleted_at" IS NULL))
  EXECUTE FUNCTION "event_counts_apply"();--> statement-breakpoint
INSERT INTO "event_counts" ("author", "activity_id", "count")
  SELECT "author", "activity_id", count(*) FROM "events" WHERE "deleted_at" IS NULL
  GROUP BY "author", "activity_id";
