CREATE TABLE "offline_kits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"poi_id" text NOT NULL,
	"user_id" uuid NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"valid_until" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pass_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"poi_id" text NOT NULL,
	"registration_id" uuid,
	"invitation_id" uuid,
	"kid" integer NOT NULL,
	"public_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "pass_keys_one_pass" CHECK (("pass_keys"."registration_id" is null) <> ("pass_keys"."invitation_id" is null))
);
--> statement-breakpoint
ALTER TABLE "offline_kits" ADD CONSTRAINT "offline_kits_poi_id_communities_poi_id_fk" FOREIGN KEY ("poi_id") REFERENCES "public"."communities"("poi_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offline_kits" ADD CONSTRAINT "offline_kits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pass_keys" ADD CONSTRAINT "pass_keys_poi_id_communities_poi_id_fk" FOREIGN KEY ("poi_id") REFERENCES "public"."communities"("poi_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pass_keys" ADD CONSTRAINT "pass_keys_registration_id_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."registrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pass_keys" ADD CONSTRAINT "pass_keys_invitation_id_invitations_id_fk" FOREIGN KEY ("invitation_id") REFERENCES "public"."invitations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "offline_kits_issued_idx" ON "offline_kits" USING btree ("issued_at");--> statement-breakpoint
CREATE UNIQUE INDEX "pass_keys_registration_kid_uq" ON "pass_keys" USING btree ("registration_id","kid") WHERE "pass_keys"."registration_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "pass_keys_invitation_kid_uq" ON "pass_keys" USING btree ("invitation_id","kid") WHERE "pass_keys"."invitation_id" is not null;--> statement-breakpoint
CREATE INDEX "pass_keys_poi_idx" ON "pass_keys" USING btree ("poi_id");