CREATE TABLE "owners_committee" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"poi_id" text NOT NULL,
	"name_enc" text NOT NULL,
	"mobile_hash" text NOT NULL,
	"mobile_enc" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "owners_committee_member_uq" UNIQUE("poi_id","mobile_hash")
);
--> statement-breakpoint
CREATE TABLE "poll_corrections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"poll_id" uuid NOT NULL,
	"unit_id" uuid NOT NULL,
	"label" text NOT NULL,
	"area_before" integer NOT NULL,
	"area_after" integer NOT NULL,
	"voters_before" integer NOT NULL,
	"voters_after" integer NOT NULL,
	"reason" text NOT NULL,
	"actor_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "poll_objections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"poll_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"homes" text NOT NULL,
	"text" text NOT NULL,
	"answer" text,
	"answered_by" uuid,
	"answered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "poll_officers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"poll_id" uuid NOT NULL,
	"role" smallint NOT NULL,
	"name_enc" text NOT NULL,
	"mobile_hash" text NOT NULL,
	"mobile_enc" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "poll_officers_person_uq" UNIQUE("poll_id","mobile_hash")
);
--> statement-breakpoint
ALTER TABLE "polls" ADD COLUMN "by_committee" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "owners_committee" ADD CONSTRAINT "owners_committee_poi_id_communities_poi_id_fk" FOREIGN KEY ("poi_id") REFERENCES "public"."communities"("poi_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "poll_corrections" ADD CONSTRAINT "poll_corrections_poll_id_polls_id_fk" FOREIGN KEY ("poll_id") REFERENCES "public"."polls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "poll_corrections" ADD CONSTRAINT "poll_corrections_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "poll_objections" ADD CONSTRAINT "poll_objections_poll_id_polls_id_fk" FOREIGN KEY ("poll_id") REFERENCES "public"."polls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "poll_objections" ADD CONSTRAINT "poll_objections_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "poll_objections" ADD CONSTRAINT "poll_objections_answered_by_users_id_fk" FOREIGN KEY ("answered_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "poll_officers" ADD CONSTRAINT "poll_officers_poll_id_polls_id_fk" FOREIGN KEY ("poll_id") REFERENCES "public"."polls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "owners_committee_mobile_idx" ON "owners_committee" USING btree ("mobile_hash");--> statement-breakpoint
CREATE INDEX "poll_corrections_poll_idx" ON "poll_corrections" USING btree ("poll_id");--> statement-breakpoint
CREATE INDEX "poll_objections_poll_idx" ON "poll_objections" USING btree ("poll_id","user_id");