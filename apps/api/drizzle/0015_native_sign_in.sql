CREATE TABLE "native_sign_ins" (
	"flow_hash" text PRIMARY KEY NOT NULL,
	"challenge" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"code_hash" text,
	"user_id" text,
	"code_expires_at" timestamp with time zone,
	CONSTRAINT "native_sign_ins_code_hash_unique" UNIQUE("code_hash")
);
--> statement-breakpoint
ALTER TABLE "native_sign_ins" ADD CONSTRAINT "native_sign_ins_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "native_sign_ins_started_idx" ON "native_sign_ins" USING btree ("started_at");