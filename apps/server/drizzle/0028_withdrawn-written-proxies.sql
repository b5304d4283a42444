CREATE TABLE "withdrawn_proxies" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"poll_id" uuid NOT NULL,
	"label" text NOT NULL,
	"mobile_enc" text NOT NULL,
	"photo_hash" text,
	"reason" text NOT NULL,
	"withdrawn_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "withdrawn_proxies" ADD CONSTRAINT "withdrawn_proxies_poll_id_polls_id_fk" FOREIGN KEY ("poll_id") REFERENCES "public"."polls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawn_proxies" ADD CONSTRAINT "withdrawn_proxies_withdrawn_by_users_id_fk" FOREIGN KEY ("withdrawn_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "withdrawn_proxies_poll_idx" ON "withdrawn_proxies" USING btree ("poll_id");