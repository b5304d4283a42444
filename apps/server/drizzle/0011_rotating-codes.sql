CREATE TABLE "gate_keys" (
	"poi_id" text NOT NULL,
	"version" integer NOT NULL,
	"key_enc" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"retired_at" timestamp with time zone,
	CONSTRAINT "gate_keys_poi_id_version_pk" PRIMARY KEY("poi_id","version")
);
--> statement-breakpoint
ALTER TABLE "pass_codes" ADD COLUMN "step" integer;--> statement-breakpoint
ALTER TABLE "gate_keys" ADD CONSTRAINT "gate_keys_poi_id_communities_poi_id_fk" FOREIGN KEY ("poi_id") REFERENCES "public"."communities"("poi_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pass_codes_step_uq" ON "pass_codes" USING btree ("registration_id","direction","step");--> statement-breakpoint
ALTER TABLE "pass_codes" DROP COLUMN "code_enc";--> statement-breakpoint
-- Server-minted codes nobody used are meaningless once codes rotate on the phone.
DELETE FROM "pass_codes" WHERE "used_at" IS NULL;