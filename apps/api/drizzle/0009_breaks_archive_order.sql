CREATE TABLE "breaks" (
	"id" uuid PRIMARY KEY NOT NULL,
	"activity_id" uuid,
	"from" date NOT NULL,
	"to" date NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"author" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"seq" bigint
);
--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "archived" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "position" text;--> statement-breakpoint
ALTER TABLE "groups" ADD COLUMN "position" text;--> statement-breakpoint
ALTER TABLE "breaks" ADD CONSTRAINT "breaks_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "breaks" ADD CONSTRAINT "breaks_author_user_id_fk" FOREIGN KEY ("author") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "breaks_author_idx" ON "breaks" USING btree ("author","from") WHERE "breaks"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "breaks_author_seq_idx" ON "breaks" USING btree ("author","seq");--> statement-breakpoint
-- Hand-written: breaks (issue 49) join the change feed of migration 0003 like the other records.
CREATE TRIGGER "breaks_change_seq" BEFORE INSERT OR UPDATE ON "breaks"
  FOR EACH ROW EXECUTE FUNCTION "stamp_change_seq"();
