CREATE TABLE "sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "sessions_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "sms_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"mobile_hash" text NOT NULL,
	"code_hash" text NOT NULL,
	"ip_hash" text NOT NULL,
	"tries" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"open_id" text NOT NULL,
	"mobile_enc" text NOT NULL,
	"mobile_hash" text NOT NULL,
	"username" text NOT NULL,
	"avatar" text,
	"is_operator" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_open_id_unique" UNIQUE("open_id"),
	CONSTRAINT "users_mobile_hash_unique" UNIQUE("mobile_hash")
);
--> statement-breakpoint
CREATE TABLE "communities" (
	"poi_id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"pname" text NOT NULL,
	"cityname" text NOT NULL,
	"adname" text NOT NULL,
	"address" text NOT NULL,
	"lng" double precision NOT NULL,
	"lat" double precision NOT NULL,
	"street_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "community_admins" (
	"user_id" uuid NOT NULL,
	"poi_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "community_admins_user_id_poi_id_pk" PRIMARY KEY("user_id","poi_id")
);
--> statement-breakpoint
CREATE TABLE "info_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"poi_id" text,
	"street_id" text,
	"type_id" integer NOT NULL,
	"department" text NOT NULL,
	"contact" text NOT NULL,
	"lng" double precision,
	"lat" double precision,
	"address" text DEFAULT '' NOT NULL,
	"map_address" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "info_submissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"entry_id" uuid,
	"poi_id" text,
	"street_id" text,
	"type_id" integer,
	"department" text NOT NULL,
	"contact" text NOT NULL,
	"lng" double precision,
	"lat" double precision,
	"address" text DEFAULT '' NOT NULL,
	"map_address" text DEFAULT '' NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"submitted_by" uuid NOT NULL,
	"reviewed_by" uuid,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "info_types" (
	"id" integer PRIMARY KEY NOT NULL,
	"type_name" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "places" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"type_code" text NOT NULL,
	"address" text NOT NULL,
	"lng" double precision NOT NULL,
	"lat" double precision NOT NULL,
	"tel" text DEFAULT '' NOT NULL,
	"photos" text[] DEFAULT '{}' NOT NULL,
	"cityname" text NOT NULL,
	"adname" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "streets" (
	"street_id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"cityname" text NOT NULL,
	"adname" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_communities" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"poi_id" text NOT NULL,
	"moved_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "entry_logs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"poi_id" text NOT NULL,
	"registration_id" uuid,
	"name" text NOT NULL,
	"mobile_enc" text NOT NULL,
	"mobile_masked" text NOT NULL,
	"owner" text NOT NULL,
	"direction" smallint NOT NULL,
	"scanned_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pass_codes" (
	"code_hash" text PRIMARY KEY NOT NULL,
	"registration_id" uuid NOT NULL,
	"poi_id" text NOT NULL,
	"direction" smallint NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"used_by" uuid,
	"is_use" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "registration_reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"registration_id" uuid NOT NULL,
	"from_status" smallint NOT NULL,
	"to_status" smallint NOT NULL,
	"reviewed_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "registrations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"poi_id" text NOT NULL,
	"user_id" uuid,
	"name" text NOT NULL,
	"mobile_enc" text NOT NULL,
	"mobile_hash" text NOT NULL,
	"mobile_masked" text NOT NULL,
	"card_enc" text NOT NULL,
	"card_hash" text NOT NULL,
	"card_masked" text NOT NULL,
	"owner" text NOT NULL,
	"expire_time" date,
	"company" text DEFAULT '' NOT NULL,
	"other" text DEFAULT '' NOT NULL,
	"address" text NOT NULL,
	"is_return" smallint DEFAULT 0 NOT NULL,
	"return_date" date,
	"wuhan" text DEFAULT '' NOT NULL,
	"vehicle" text DEFAULT '' NOT NULL,
	"backup" text DEFAULT '' NOT NULL,
	"building_no" text DEFAULT '' NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "registrations_poi_user_uq" UNIQUE("poi_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "staff" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"poi_id" text NOT NULL,
	"user_id" uuid NOT NULL,
	"username" text NOT NULL,
	"level" smallint NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_poi_user_uq" UNIQUE("poi_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "poll_ballots" (
	"poll_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "poll_ballots_poll_id_user_id_pk" PRIMARY KEY("poll_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "poll_options" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"poll_id" uuid NOT NULL,
	"title" text NOT NULL,
	"sort" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "poll_votes" (
	"poll_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"option_id" uuid NOT NULL,
	CONSTRAINT "poll_votes_poll_id_user_id_option_id_pk" PRIMARY KEY("poll_id","user_id","option_id")
);
--> statement-breakpoint
CREATE TABLE "polls" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"creator_id" uuid NOT NULL,
	"title" text NOT NULL,
	"info" text DEFAULT '' NOT NULL,
	"type" smallint NOT NULL,
	"end_time" timestamp with time zone NOT NULL,
	"concern_qr" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"actor_id" uuid,
	"action" text NOT NULL,
	"poi_id" text,
	"subject_id" text,
	"rows" integer,
	"detail" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "communities" ADD CONSTRAINT "communities_street_id_streets_street_id_fk" FOREIGN KEY ("street_id") REFERENCES "public"."streets"("street_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_admins" ADD CONSTRAINT "community_admins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_admins" ADD CONSTRAINT "community_admins_poi_id_communities_poi_id_fk" FOREIGN KEY ("poi_id") REFERENCES "public"."communities"("poi_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "info_entries" ADD CONSTRAINT "info_entries_poi_id_communities_poi_id_fk" FOREIGN KEY ("poi_id") REFERENCES "public"."communities"("poi_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "info_entries" ADD CONSTRAINT "info_entries_street_id_streets_street_id_fk" FOREIGN KEY ("street_id") REFERENCES "public"."streets"("street_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "info_entries" ADD CONSTRAINT "info_entries_type_id_info_types_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."info_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "info_submissions" ADD CONSTRAINT "info_submissions_entry_id_info_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."info_entries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "info_submissions" ADD CONSTRAINT "info_submissions_poi_id_communities_poi_id_fk" FOREIGN KEY ("poi_id") REFERENCES "public"."communities"("poi_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "info_submissions" ADD CONSTRAINT "info_submissions_street_id_streets_street_id_fk" FOREIGN KEY ("street_id") REFERENCES "public"."streets"("street_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "info_submissions" ADD CONSTRAINT "info_submissions_type_id_info_types_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."info_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "info_submissions" ADD CONSTRAINT "info_submissions_submitted_by_users_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "info_submissions" ADD CONSTRAINT "info_submissions_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_communities" ADD CONSTRAINT "user_communities_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_communities" ADD CONSTRAINT "user_communities_poi_id_communities_poi_id_fk" FOREIGN KEY ("poi_id") REFERENCES "public"."communities"("poi_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entry_logs" ADD CONSTRAINT "entry_logs_poi_id_communities_poi_id_fk" FOREIGN KEY ("poi_id") REFERENCES "public"."communities"("poi_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entry_logs" ADD CONSTRAINT "entry_logs_registration_id_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."registrations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entry_logs" ADD CONSTRAINT "entry_logs_scanned_by_users_id_fk" FOREIGN KEY ("scanned_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pass_codes" ADD CONSTRAINT "pass_codes_registration_id_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."registrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pass_codes" ADD CONSTRAINT "pass_codes_poi_id_communities_poi_id_fk" FOREIGN KEY ("poi_id") REFERENCES "public"."communities"("poi_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pass_codes" ADD CONSTRAINT "pass_codes_used_by_users_id_fk" FOREIGN KEY ("used_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registration_reviews" ADD CONSTRAINT "registration_reviews_registration_id_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."registrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registration_reviews" ADD CONSTRAINT "registration_reviews_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_poi_id_communities_poi_id_fk" FOREIGN KEY ("poi_id") REFERENCES "public"."communities"("poi_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff" ADD CONSTRAINT "staff_poi_id_communities_poi_id_fk" FOREIGN KEY ("poi_id") REFERENCES "public"."communities"("poi_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff" ADD CONSTRAINT "staff_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff" ADD CONSTRAINT "staff_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "poll_ballots" ADD CONSTRAINT "poll_ballots_poll_id_polls_id_fk" FOREIGN KEY ("poll_id") REFERENCES "public"."polls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "poll_ballots" ADD CONSTRAINT "poll_ballots_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "poll_options" ADD CONSTRAINT "poll_options_poll_id_polls_id_fk" FOREIGN KEY ("poll_id") REFERENCES "public"."polls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "poll_votes" ADD CONSTRAINT "poll_votes_option_id_poll_options_id_fk" FOREIGN KEY ("option_id") REFERENCES "public"."poll_options"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "polls" ADD CONSTRAINT "polls_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sms_codes_mobile_idx" ON "sms_codes" USING btree ("mobile_hash","created_at");--> statement-breakpoint
CREATE INDEX "sms_codes_ip_idx" ON "sms_codes" USING btree ("ip_hash","created_at");--> statement-breakpoint
CREATE INDEX "communities_lat_lng_idx" ON "communities" USING btree ("lat","lng");--> statement-breakpoint
CREATE INDEX "community_admins_poi_idx" ON "community_admins" USING btree ("poi_id");--> statement-breakpoint
CREATE INDEX "info_entries_poi_idx" ON "info_entries" USING btree ("poi_id","created_at");--> statement-breakpoint
CREATE INDEX "info_entries_street_idx" ON "info_entries" USING btree ("street_id","created_at");--> statement-breakpoint
CREATE INDEX "info_submissions_poi_status_idx" ON "info_submissions" USING btree ("poi_id","status");--> statement-breakpoint
CREATE INDEX "places_type_lat_lng_idx" ON "places" USING btree ("type_code","lat","lng");--> statement-breakpoint
CREATE INDEX "entry_logs_poi_created_idx" ON "entry_logs" USING btree ("poi_id","created_at");--> statement-breakpoint
CREATE INDEX "pass_codes_registration_idx" ON "pass_codes" USING btree ("registration_id");--> statement-breakpoint
CREATE INDEX "registration_reviews_reg_idx" ON "registration_reviews" USING btree ("registration_id","created_at");--> statement-breakpoint
CREATE INDEX "registrations_poi_status_idx" ON "registrations" USING btree ("poi_id","status","created_at");--> statement-breakpoint
CREATE INDEX "registrations_poi_mobile_idx" ON "registrations" USING btree ("poi_id","mobile_hash");--> statement-breakpoint
CREATE INDEX "registrations_poi_card_idx" ON "registrations" USING btree ("poi_id","card_hash");--> statement-breakpoint
CREATE INDEX "staff_user_idx" ON "staff" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "poll_ballots_user_idx" ON "poll_ballots" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "poll_options_poll_idx" ON "poll_options" USING btree ("poll_id","sort");--> statement-breakpoint
CREATE INDEX "poll_votes_option_idx" ON "poll_votes" USING btree ("option_id");--> statement-breakpoint
CREATE INDEX "polls_creator_idx" ON "polls" USING btree ("creator_id");--> statement-breakpoint
CREATE INDEX "audit_log_poi_created_idx" ON "audit_log" USING btree ("poi_id","created_at");