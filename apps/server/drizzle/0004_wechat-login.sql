CREATE TABLE "wechat_identities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"openid_hash" text NOT NULL,
	"openid_enc" text NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wechat_identities_openid_hash_unique" UNIQUE("openid_hash"),
	CONSTRAINT "wechat_identities_user_id_unique" UNIQUE("user_id")
);
--> statement-breakpoint
CREATE TABLE "wechat_logins" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"state_hash" text NOT NULL,
	"browser_hash" text NOT NULL,
	"referer" text NOT NULL,
	"scope" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"called_back_at" timestamp with time zone,
	"openid_enc" text,
	"openid_hash" text,
	"ticket_hash" text,
	"ticket_used_at" timestamp with time zone,
	CONSTRAINT "wechat_logins_state_hash_unique" UNIQUE("state_hash"),
	CONSTRAINT "wechat_logins_ticket_hash_unique" UNIQUE("ticket_hash")
);
--> statement-breakpoint
ALTER TABLE "wechat_identities" ADD CONSTRAINT "wechat_identities_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "wechat_logins_created_idx" ON "wechat_logins" USING btree ("created_at");