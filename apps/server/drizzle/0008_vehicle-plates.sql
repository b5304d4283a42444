CREATE TABLE "vehicle_plates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"poi_id" text NOT NULL,
	"registration_id" uuid NOT NULL,
	"plate_enc" text NOT NULL,
	"plate_hash" text NOT NULL,
	"plate_masked" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vehicle_plates_registration_plate_uq" UNIQUE("registration_id","plate_hash")
);
--> statement-breakpoint
ALTER TABLE "entry_logs" ADD COLUMN "plate_enc" text;--> statement-breakpoint
ALTER TABLE "entry_logs" ADD COLUMN "plate_masked" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "vehicle_plates" ADD CONSTRAINT "vehicle_plates_poi_id_communities_poi_id_fk" FOREIGN KEY ("poi_id") REFERENCES "public"."communities"("poi_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_plates" ADD CONSTRAINT "vehicle_plates_registration_id_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."registrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "vehicle_plates_poi_plate_idx" ON "vehicle_plates" USING btree ("poi_id","plate_hash");