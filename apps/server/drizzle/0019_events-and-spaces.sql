CREATE TABLE "event_photo_requests" (
	"photo_id" uuid NOT NULL,
	"requester_id" uuid NOT NULL,
	"poi_id" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"handled_by" uuid,
	"handled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_photo_requests_photo_id_requester_id_pk" PRIMARY KEY("photo_id","requester_id")
);
--> statement-breakpoint
CREATE TABLE "event_photos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"poi_id" text NOT NULL,
	"hash" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"uploader_id" uuid,
	"status" text DEFAULT 'visible' NOT NULL,
	"removed_reason" text,
	"removed_by" uuid,
	"removed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_settings" (
	"poi_id" text PRIMARY KEY NOT NULL,
	"residents_propose" boolean DEFAULT false NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_signups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"poi_id" text NOT NULL,
	"user_id" uuid,
	"walk_in_name" text,
	"companions" integer DEFAULT 0 NOT NULL,
	"seats" integer NOT NULL,
	"status" text NOT NULL,
	"mobile_enc" text,
	"note" text DEFAULT '' NOT NULL,
	"queued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"promoted_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"checked_in_at" timestamp with time zone,
	"checked_in_by" uuid,
	"checkin_via" text,
	"reminded_day" boolean DEFAULT false NOT NULL,
	"reminded_hour" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"poi_id" text NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"cover" jsonb,
	"place" text NOT NULL,
	"space_id" uuid,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"signup_opens_at" timestamp with time zone NOT NULL,
	"signup_closes_at" timestamp with time zone NOT NULL,
	"cancel_until" timestamp with time zone NOT NULL,
	"capacity" integer NOT NULL,
	"max_companions" integer DEFAULT 0 NOT NULL,
	"audience" text NOT NULL,
	"needs_phone" boolean DEFAULT false NOT NULL,
	"fee_fen" integer,
	"attendee_photos" boolean DEFAULT true NOT NULL,
	"status" text NOT NULL,
	"status_note" text,
	"created_by" uuid,
	"by_staff" boolean NOT NULL,
	"reviewed_by" uuid,
	"reviewed_at" timestamp with time zone,
	"copied_from" uuid,
	"confirmed_seats" integer DEFAULT 0 NOT NULL,
	"waiting_count" integer DEFAULT 0 NOT NULL,
	"attended" integer DEFAULT 0 NOT NULL,
	"photo_count" integer DEFAULT 0 NOT NULL,
	"ticket_key" "bytea" NOT NULL,
	"search_terms" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "space_bookings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"space_id" uuid NOT NULL,
	"poi_id" text NOT NULL,
	"user_id" uuid,
	"event_id" uuid,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"purpose" text DEFAULT '' NOT NULL,
	"status" text NOT NULL,
	"review_note" text,
	"reviewed_by" uuid,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "spaces" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"poi_id" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"rules" text DEFAULT '' NOT NULL,
	"hours" jsonb NOT NULL,
	"slot_minutes" integer DEFAULT 60 NOT NULL,
	"needs_approval" boolean DEFAULT false NOT NULL,
	"weekly_minutes" integer,
	"days_ahead" integer DEFAULT 14 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "event_photo_requests" ADD CONSTRAINT "event_photo_requests_photo_id_event_photos_id_fk" FOREIGN KEY ("photo_id") REFERENCES "public"."event_photos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_photo_requests" ADD CONSTRAINT "event_photo_requests_requester_id_users_id_fk" FOREIGN KEY ("requester_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_photo_requests" ADD CONSTRAINT "event_photo_requests_handled_by_users_id_fk" FOREIGN KEY ("handled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_photos" ADD CONSTRAINT "event_photos_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_photos" ADD CONSTRAINT "event_photos_uploader_id_users_id_fk" FOREIGN KEY ("uploader_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_photos" ADD CONSTRAINT "event_photos_removed_by_users_id_fk" FOREIGN KEY ("removed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_settings" ADD CONSTRAINT "event_settings_poi_id_communities_poi_id_fk" FOREIGN KEY ("poi_id") REFERENCES "public"."communities"("poi_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_settings" ADD CONSTRAINT "event_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_signups" ADD CONSTRAINT "event_signups_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_signups" ADD CONSTRAINT "event_signups_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_signups" ADD CONSTRAINT "event_signups_checked_in_by_users_id_fk" FOREIGN KEY ("checked_in_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_poi_id_communities_poi_id_fk" FOREIGN KEY ("poi_id") REFERENCES "public"."communities"("poi_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "space_bookings" ADD CONSTRAINT "space_bookings_space_id_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."spaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "space_bookings" ADD CONSTRAINT "space_bookings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "space_bookings" ADD CONSTRAINT "space_bookings_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "space_bookings" ADD CONSTRAINT "space_bookings_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spaces" ADD CONSTRAINT "spaces_poi_id_communities_poi_id_fk" FOREIGN KEY ("poi_id") REFERENCES "public"."communities"("poi_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_photo_requests_open_idx" ON "event_photo_requests" USING btree ("poi_id","created_at") WHERE status = 'open';--> statement-breakpoint
CREATE INDEX "event_photos_event_idx" ON "event_photos" USING btree ("event_id","created_at","id");--> statement-breakpoint
CREATE INDEX "event_photos_poi_idx" ON "event_photos" USING btree ("poi_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "event_signups_person_idx" ON "event_signups" USING btree ("event_id","user_id") WHERE user_id is not null;--> statement-breakpoint
CREATE INDEX "event_signups_queue_idx" ON "event_signups" USING btree ("event_id","status","queued_at");--> statement-breakpoint
CREATE INDEX "event_signups_user_idx" ON "event_signups" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "events_upcoming_idx" ON "events" USING btree ("poi_id","ends_at","starts_at","id") WHERE status = 'published';--> statement-breakpoint
CREATE INDEX "events_kind_idx" ON "events" USING btree ("poi_id","kind","ends_at","starts_at") WHERE status = 'published';--> statement-breakpoint
CREATE INDEX "events_starts_idx" ON "events" USING btree ("poi_id","starts_at","id");--> statement-breakpoint
CREATE INDEX "events_pending_idx" ON "events" USING btree ("poi_id","created_at") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "events_creator_idx" ON "events" USING btree ("created_by","created_at");--> statement-breakpoint
CREATE INDEX "events_search_idx" ON "events" USING gin ("search_terms");--> statement-breakpoint
CREATE INDEX "space_bookings_space_idx" ON "space_bookings" USING btree ("space_id","starts_at");--> statement-breakpoint
CREATE INDEX "space_bookings_user_idx" ON "space_bookings" USING btree ("user_id","starts_at");--> statement-breakpoint
CREATE INDEX "space_bookings_poi_day_idx" ON "space_bookings" USING btree ("poi_id","starts_at");--> statement-breakpoint
CREATE INDEX "spaces_poi_idx" ON "spaces" USING btree ("poi_id","active");--> statement-breakpoint
-- Two bookings that hold a space never overlap (pending or approved): enforced by the database, so
-- parallel requests cannot both win. btree_gist is a trusted extension (PostgreSQL 13+): a
-- database owner may create it without superuser.
CREATE EXTENSION IF NOT EXISTS btree_gist;--> statement-breakpoint
ALTER TABLE "space_bookings" ADD CONSTRAINT "space_bookings_no_overlap" EXCLUDE USING gist ("space_id" WITH =, tstzrange("starts_at", "ends_at") WITH &&) WHERE ("status" IN ('pending', 'approved'));--> statement-breakpoint
ALTER TABLE "space_bookings" ADD CONSTRAINT "space_bookings_order" CHECK ("ends_at" > "starts_at");--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_places" CHECK ("confirmed_seats" >= 0 AND "confirmed_seats" <= "capacity" AND "waiting_count" >= 0);
