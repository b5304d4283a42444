CREATE TABLE "gate_settings" (
	"poi_id" text PRIMARY KEY NOT NULL,
	"reentry_minutes" integer NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "gate_settings" ADD CONSTRAINT "gate_settings_poi_id_communities_poi_id_fk" FOREIGN KEY ("poi_id") REFERENCES "public"."communities"("poi_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gate_settings" ADD CONSTRAINT "gate_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "entry_logs_registration_created_idx" ON "entry_logs" USING btree ("registration_id","created_at");