CREATE TABLE "backup_runs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"reason" text NOT NULL,
	"node" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"file" text,
	"bytes" bigint,
	"error" text
);
--> statement-breakpoint
CREATE INDEX "backup_runs_started_idx" ON "backup_runs" USING btree ("started_at");