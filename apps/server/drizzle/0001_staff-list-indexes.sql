DROP INDEX "registrations_poi_status_idx";--> statement-breakpoint
CREATE INDEX "registrations_poi_status_updated_idx" ON "registrations" USING btree ("poi_id","status","updated_at","id");--> statement-breakpoint
CREATE INDEX "registrations_poi_updated_idx" ON "registrations" USING btree ("poi_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "registrations_name_chars_idx" ON "registrations" USING gin (string_to_array(lower("name"), NULL));