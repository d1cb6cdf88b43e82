CREATE TABLE "push_subscriptions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "push_subscriptions_endpoint_unique" UNIQUE("endpoint")
);
--> statement-breakpoint
CREATE TABLE "reminder_deliveries" (
	"reminder_id" uuid NOT NULL,
	"day" date NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reminder_deliveries_reminder_id_day_pk" PRIMARY KEY("reminder_id","day")
);
--> statement-breakpoint
CREATE TABLE "reminder_snoozes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"reminder_id" uuid NOT NULL,
	"author" text NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"claimed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reminders" (
	"id" uuid PRIMARY KEY NOT NULL,
	"activity_id" uuid NOT NULL,
	"time" text NOT NULL,
	"days" jsonb NOT NULL,
	"next_due_at" timestamp with time zone,
	"next_due_day" date,
	"author" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"seq" bigint
);
--> statement-breakpoint
CREATE TABLE "user_settings" (
	"user_id" text PRIMARY KEY NOT NULL,
	"time_zone" text NOT NULL,
	"email_reminders" boolean DEFAULT false NOT NULL,
	"reminders_paused_until" date,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_deliveries" ADD CONSTRAINT "reminder_deliveries_reminder_id_reminders_id_fk" FOREIGN KEY ("reminder_id") REFERENCES "public"."reminders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_snoozes" ADD CONSTRAINT "reminder_snoozes_reminder_id_reminders_id_fk" FOREIGN KEY ("reminder_id") REFERENCES "public"."reminders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_snoozes" ADD CONSTRAINT "reminder_snoozes_author_user_id_fk" FOREIGN KEY ("author") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminders" ADD CONSTRAINT "reminders_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminders" ADD CONSTRAINT "reminders_author_user_id_fk" FOREIGN KEY ("author") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_settings" ADD CONSTRAINT "user_settings_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "push_subscriptions_user_idx" ON "push_subscriptions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "reminder_deliveries_claimed_idx" ON "reminder_deliveries" USING btree ("claimed_at");--> statement-breakpoint
CREATE INDEX "reminder_snoozes_due_idx" ON "reminder_snoozes" USING btree ("due_at") WHERE "reminder_snoozes"."claimed_at" is null;--> statement-breakpoint
CREATE INDEX "reminders_author_idx" ON "reminders" USING btree ("author","activity_id","created_at") WHERE "reminders"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "reminders_author_seq_idx" ON "reminders" USING btree ("author","seq");--> statement-breakpoint
CREATE INDEX "reminders_due_idx" ON "reminders" USING btree ("next_due_at") WHERE "reminders"."deleted_at" is null and "reminders"."next_due_at" is not null;--> statement-breakpoint
-- Hand-written: reminders join the change feed of migration 0003 (issue 13) when created and
-- when the reminder itself changes, not when the scheduler moves "next_due_at" (decision 071).
CREATE TRIGGER "reminders_change_seq_insert" BEFORE INSERT ON "reminders"
  FOR EACH ROW EXECUTE FUNCTION "stamp_change_seq"();--> statement-breakpoint
CREATE TRIGGER "reminders_change_seq_update" BEFORE UPDATE ON "reminders"
  FOR EACH ROW WHEN (
    OLD."time" IS DISTINCT FROM NEW."time"
    OR OLD."days" IS DISTINCT FROM NEW."days"
    OR OLD."activity_id" IS DISTINCT FROM NEW."activity_id"
    OR OLD."updated_at" IS DISTINCT FROM NEW."updated_at"
    OR OLD."deleted_at" IS DISTINCT FROM NEW."deleted_at"
  ) EXECUTE FUNCTION "stamp_change_seq"();
