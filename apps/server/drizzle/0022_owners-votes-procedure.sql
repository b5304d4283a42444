CREATE TABLE "owner_persons" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"poi_id" text NOT NULL,
	"person_key" text NOT NULL,
	"name_enc" text NOT NULL,
	"mobile_hash" text,
	"mobile_enc" text,
	"developer" boolean DEFAULT false NOT NULL,
	CONSTRAINT "owner_persons_key_uq" UNIQUE("poi_id","person_key")
);
--> statement-breakpoint
CREATE TABLE "owners_settings" (
	"poi_id" text PRIMARY KEY NOT NULL,
	"notice_days" smallint DEFAULT 15 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "unit_holders" (
	"unit_id" uuid NOT NULL,
	"person_id" uuid NOT NULL,
	"sort" integer NOT NULL,
	CONSTRAINT "unit_holders_unit_id_person_id_pk" PRIMARY KEY("unit_id","person_id")
);
--> statement-breakpoint
ALTER TABLE "polls" ADD COLUMN "start_time" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "polls" ADD COLUMN "roll_fixed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "polls" ADD COLUMN "extend_reason" text;--> statement-breakpoint
ALTER TABLE "polls" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "polls" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
ALTER TABLE "polls" ADD COLUMN "matter_item" smallint;--> statement-breakpoint
ALTER TABLE "polls" ADD COLUMN "secret_ballots" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "poll_units" ADD COLUMN "area_source" smallint;--> statement-breakpoint
ALTER TABLE "units" ADD COLUMN "area_source" smallint;--> statement-breakpoint
ALTER TABLE "units" ADD COLUMN "cert_enc" text;--> statement-breakpoint
ALTER TABLE "owner_persons" ADD CONSTRAINT "owner_persons_poi_id_communities_poi_id_fk" FOREIGN KEY ("poi_id") REFERENCES "public"."communities"("poi_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "owners_settings" ADD CONSTRAINT "owners_settings_poi_id_communities_poi_id_fk" FOREIGN KEY ("poi_id") REFERENCES "public"."communities"("poi_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unit_holders" ADD CONSTRAINT "unit_holders_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unit_holders" ADD CONSTRAINT "unit_holders_person_id_owner_persons_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."owner_persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "unit_holders_person_idx" ON "unit_holders" USING btree ("person_id");