CREATE TABLE "owner_ballots" (
	"poll_id" uuid NOT NULL,
	"unit_id" uuid NOT NULL,
	"option_id" uuid NOT NULL,
	"cast_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "owner_ballots_poll_id_unit_id_pk" PRIMARY KEY("poll_id","unit_id")
);
--> statement-breakpoint
CREATE TABLE "poll_unit_owners" (
	"poll_id" uuid NOT NULL,
	"unit_id" uuid NOT NULL,
	"mobile_hash" text NOT NULL,
	CONSTRAINT "poll_unit_owners_poll_id_unit_id_mobile_hash_pk" PRIMARY KEY("poll_id","unit_id","mobile_hash")
);
--> statement-breakpoint
CREATE TABLE "poll_units" (
	"poll_id" uuid NOT NULL,
	"unit_id" uuid NOT NULL,
	"label" text NOT NULL,
	"area_centi" integer NOT NULL,
	"owner_key" text NOT NULL,
	CONSTRAINT "poll_units_poll_id_unit_id_pk" PRIMARY KEY("poll_id","unit_id")
);
--> statement-breakpoint
CREATE TABLE "secret_receipts" (
	"poll_id" uuid NOT NULL,
	"receipt_hash" text NOT NULL,
	CONSTRAINT "secret_receipts_poll_id_receipt_hash_pk" PRIMARY KEY("poll_id","receipt_hash")
);
--> statement-breakpoint
CREATE TABLE "secret_tallies" (
	"poll_id" uuid NOT NULL,
	"option_id" uuid NOT NULL,
	"votes" integer DEFAULT 0 NOT NULL,
	"area_centi" bigint DEFAULT 0 NOT NULL,
	"owners" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "secret_tallies_poll_id_option_id_pk" PRIMARY KEY("poll_id","option_id")
);
--> statement-breakpoint
CREATE TABLE "secret_voters" (
	"poll_id" uuid NOT NULL,
	"voter" uuid NOT NULL,
	CONSTRAINT "secret_voters_poll_id_voter_pk" PRIMARY KEY("poll_id","voter")
);
--> statement-breakpoint
CREATE TABLE "unit_owners" (
	"unit_id" uuid NOT NULL,
	"mobile_hash" text NOT NULL,
	"mobile_enc" text NOT NULL,
	"sort" integer NOT NULL,
	CONSTRAINT "unit_owners_unit_id_mobile_hash_pk" PRIMARY KEY("unit_id","mobile_hash")
);
--> statement-breakpoint
CREATE TABLE "units" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"poi_id" text NOT NULL,
	"building" text NOT NULL,
	"unit_no" text DEFAULT '' NOT NULL,
	"room" text NOT NULL,
	"area_centi" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "units_address_uq" UNIQUE("poi_id","building","unit_no","room")
);
--> statement-breakpoint
ALTER TABLE "polls" ADD COLUMN "poi_id" text;--> statement-breakpoint
ALTER TABLE "polls" ADD COLUMN "mode" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "polls" ADD COLUMN "matter" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "polls" ADD COLUMN "secret" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "polls" ADD COLUMN "hide_results" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "owner_ballots" ADD CONSTRAINT "owner_ballots_poll_id_polls_id_fk" FOREIGN KEY ("poll_id") REFERENCES "public"."polls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "owner_ballots" ADD CONSTRAINT "owner_ballots_option_id_poll_options_id_fk" FOREIGN KEY ("option_id") REFERENCES "public"."poll_options"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "owner_ballots" ADD CONSTRAINT "owner_ballots_cast_by_users_id_fk" FOREIGN KEY ("cast_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "poll_unit_owners" ADD CONSTRAINT "poll_unit_owners_poll_id_polls_id_fk" FOREIGN KEY ("poll_id") REFERENCES "public"."polls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "poll_units" ADD CONSTRAINT "poll_units_poll_id_polls_id_fk" FOREIGN KEY ("poll_id") REFERENCES "public"."polls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "secret_receipts" ADD CONSTRAINT "secret_receipts_poll_id_polls_id_fk" FOREIGN KEY ("poll_id") REFERENCES "public"."polls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "secret_tallies" ADD CONSTRAINT "secret_tallies_poll_id_polls_id_fk" FOREIGN KEY ("poll_id") REFERENCES "public"."polls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "secret_tallies" ADD CONSTRAINT "secret_tallies_option_id_poll_options_id_fk" FOREIGN KEY ("option_id") REFERENCES "public"."poll_options"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "secret_voters" ADD CONSTRAINT "secret_voters_poll_id_polls_id_fk" FOREIGN KEY ("poll_id") REFERENCES "public"."polls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unit_owners" ADD CONSTRAINT "unit_owners_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "units" ADD CONSTRAINT "units_poi_id_communities_poi_id_fk" FOREIGN KEY ("poi_id") REFERENCES "public"."communities"("poi_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "poll_unit_owners_mobile_idx" ON "poll_unit_owners" USING btree ("poll_id","mobile_hash");--> statement-breakpoint
CREATE INDEX "unit_owners_mobile_idx" ON "unit_owners" USING btree ("mobile_hash");--> statement-breakpoint
ALTER TABLE "polls" ADD CONSTRAINT "polls_poi_id_communities_poi_id_fk" FOREIGN KEY ("poi_id") REFERENCES "public"."communities"("poi_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "polls_poi_idx" ON "polls" USING btree ("poi_id","created_at");