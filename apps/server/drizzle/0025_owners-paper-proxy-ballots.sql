CREATE TABLE "paper_ballots" (
	"poll_id" uuid NOT NULL,
	"unit_id" uuid NOT NULL,
	"entered_by" uuid NOT NULL,
	"photo_hash" text NOT NULL,
	CONSTRAINT "paper_ballots_poll_id_unit_id_pk" PRIMARY KEY("poll_id","unit_id")
);
--> statement-breakpoint
CREATE TABLE "poll_proxies" (
	"poll_id" uuid NOT NULL,
	"unit_id" uuid NOT NULL,
	"mobile_hash" text NOT NULL,
	"mobile_enc" text NOT NULL,
	"kind" smallint NOT NULL,
	"named_by" uuid NOT NULL,
	"photo_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "poll_proxies_poll_id_unit_id_pk" PRIMARY KEY("poll_id","unit_id")
);
--> statement-breakpoint
CREATE TABLE "refused_ballots" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"poll_id" uuid NOT NULL,
	"label" text NOT NULL,
	"channel" smallint NOT NULL,
	"actor_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "paper_ballots" ADD CONSTRAINT "paper_ballots_poll_id_polls_id_fk" FOREIGN KEY ("poll_id") REFERENCES "public"."polls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paper_ballots" ADD CONSTRAINT "paper_ballots_entered_by_users_id_fk" FOREIGN KEY ("entered_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "poll_proxies" ADD CONSTRAINT "poll_proxies_poll_id_polls_id_fk" FOREIGN KEY ("poll_id") REFERENCES "public"."polls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "poll_proxies" ADD CONSTRAINT "poll_proxies_named_by_users_id_fk" FOREIGN KEY ("named_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refused_ballots" ADD CONSTRAINT "refused_ballots_poll_id_polls_id_fk" FOREIGN KEY ("poll_id") REFERENCES "public"."polls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refused_ballots" ADD CONSTRAINT "refused_ballots_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "poll_proxies_mobile_idx" ON "poll_proxies" USING btree ("poll_id","mobile_hash");--> statement-breakpoint
CREATE INDEX "refused_ballots_poll_idx" ON "refused_ballots" USING btree ("poll_id","created_at");