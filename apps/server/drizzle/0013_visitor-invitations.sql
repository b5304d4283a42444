CREATE TABLE "invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"poi_id" text NOT NULL,
	"registration_id" uuid NOT NULL,
	"inviter_id" uuid NOT NULL,
	"name" text NOT NULL,
	"mobile_enc" text NOT NULL,
	"mobile_masked" text NOT NULL,
	"plate_enc" text,
	"plate_masked" text DEFAULT '' NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"entries" smallint NOT NULL,
	"entries_used" smallint DEFAULT 0 NOT NULL,
	"card_type" text,
	"card_enc" text,
	"card_masked" text,
	"nationality" text DEFAULT '' NOT NULL,
	"consent_at" timestamp with time zone,
	"consent_version" text,
	"cancelled_at" timestamp with time zone,
	"cancelled_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "visit_settings" (
	"poi_id" text PRIMARY KEY NOT NULL,
	"without_document" boolean DEFAULT false NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pass_codes" ALTER COLUMN "registration_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "entry_logs" ADD COLUMN "invitation_id" uuid;--> statement-breakpoint
ALTER TABLE "pass_codes" ADD COLUMN "invitation_id" uuid;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "mobile_enc" text;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_poi_id_communities_poi_id_fk" FOREIGN KEY ("poi_id") REFERENCES "public"."communities"("poi_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_registration_id_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."registrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_inviter_id_users_id_fk" FOREIGN KEY ("inviter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_cancelled_by_users_id_fk" FOREIGN KEY ("cancelled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_settings" ADD CONSTRAINT "visit_settings_poi_id_communities_poi_id_fk" FOREIGN KEY ("poi_id") REFERENCES "public"."communities"("poi_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_settings" ADD CONSTRAINT "visit_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invitations_poi_created_idx" ON "invitations" USING btree ("poi_id","created_at");--> statement-breakpoint
CREATE INDEX "invitations_inviter_created_idx" ON "invitations" USING btree ("inviter_id","poi_id","created_at");--> statement-breakpoint
CREATE INDEX "invitations_registration_idx" ON "invitations" USING btree ("registration_id");--> statement-breakpoint
ALTER TABLE "entry_logs" ADD CONSTRAINT "entry_logs_invitation_id_invitations_id_fk" FOREIGN KEY ("invitation_id") REFERENCES "public"."invitations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pass_codes" ADD CONSTRAINT "pass_codes_invitation_id_invitations_id_fk" FOREIGN KEY ("invitation_id") REFERENCES "public"."invitations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "entry_logs_invitation_idx" ON "entry_logs" USING btree ("invitation_id") WHERE "entry_logs"."invitation_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "pass_codes_invitation_step_uq" ON "pass_codes" USING btree ("invitation_id","direction","step");--> statement-breakpoint
ALTER TABLE "pass_codes" ADD CONSTRAINT "pass_codes_one_pass_ck" CHECK (("pass_codes"."registration_id" is null) <> ("pass_codes"."invitation_id" is null));