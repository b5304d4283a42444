CREATE TABLE "coupon_batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"channel" text DEFAULT 'claim' NOT NULL,
	"title" text NOT NULL,
	"kind" text NOT NULL,
	"value_fen" integer,
	"threshold_fen" integer DEFAULT 0 NOT NULL,
	"pay_percent" smallint,
	"item" text,
	"total" integer NOT NULL,
	"claimed" integer DEFAULT 0 NOT NULL,
	"used" integer DEFAULT 0 NOT NULL,
	"per_person" integer DEFAULT 1 NOT NULL,
	"claim_starts_at" timestamp with time zone NOT NULL,
	"claim_ends_at" timestamp with time zone NOT NULL,
	"valid_days" integer NOT NULL,
	"min_level" smallint DEFAULT 0 NOT NULL,
	"communities" text[] DEFAULT '{}'::text[] NOT NULL,
	"rules" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupon_batches_claimed_le_total" CHECK ("coupon_batches"."claimed" <= "coupon_batches"."total")
);
--> statement-breakpoint
CREATE TABLE "coupons" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"batch_id" uuid NOT NULL,
	"merchant_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"poi_id" text NOT NULL,
	"value_fen" integer,
	"status" text DEFAULT 'unused' NOT NULL,
	"valid_until" timestamp with time zone NOT NULL,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"used_at" timestamp with time zone,
	"used_by" uuid,
	"redeemed_via" text,
	"scanned_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "holder_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kid" integer NOT NULL,
	"public_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "member_levels" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_points" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"ref" text NOT NULL,
	"poi_id" text,
	"points" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "merchant_communities" (
	"merchant_id" uuid NOT NULL,
	"poi_id" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"distance_m" integer NOT NULL,
	"reviewed_by" uuid,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "merchant_communities_merchant_id_poi_id_pk" PRIMARY KEY("merchant_id","poi_id")
);
--> statement-breakpoint
CREATE TABLE "merchant_staff" (
	"merchant_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"role" text NOT NULL,
	"added_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "merchant_staff_merchant_id_user_id_pk" PRIMARY KEY("merchant_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "merchants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"category" text NOT NULL,
	"intro" text DEFAULT '' NOT NULL,
	"address" text NOT NULL,
	"lng" double precision NOT NULL,
	"lat" double precision NOT NULL,
	"hours" text NOT NULL,
	"phone" text NOT NULL,
	"photos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"licence_no" text NOT NULL,
	"licence_image" jsonb NOT NULL,
	"radius_m" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"status_note" text,
	"owner_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "redbag_campaigns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"batch_id" uuid NOT NULL,
	"title" text NOT NULL,
	"packet_fen" integer NOT NULL,
	"shares" integer NOT NULL,
	"packets" integer NOT NULL,
	"packets_started" integer DEFAULT 0 NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "redbag_shares" (
	"redbag_id" uuid NOT NULL,
	"idx" smallint NOT NULL,
	"user_id" uuid NOT NULL,
	"coupon_id" uuid NOT NULL,
	"amount_fen" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "redbag_shares_redbag_id_idx_pk" PRIMARY KEY("redbag_id","idx")
);
--> statement-breakpoint
CREATE TABLE "redbags" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"campaign_id" uuid NOT NULL,
	"sharer_id" uuid NOT NULL,
	"poi_id" text NOT NULL,
	"amounts" integer[] NOT NULL,
	"opened" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "board_posts" ADD COLUMN "useful_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "board_posts" ADD COLUMN "useful_by" uuid;--> statement-breakpoint
ALTER TABLE "coupon_batches" ADD CONSTRAINT "coupon_batches_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_batches" ADD CONSTRAINT "coupon_batches_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_batch_id_coupon_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."coupon_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_poi_id_communities_poi_id_fk" FOREIGN KEY ("poi_id") REFERENCES "public"."communities"("poi_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_used_by_users_id_fk" FOREIGN KEY ("used_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "holder_keys" ADD CONSTRAINT "holder_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_levels" ADD CONSTRAINT "member_levels_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_points" ADD CONSTRAINT "member_points_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_communities" ADD CONSTRAINT "merchant_communities_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_communities" ADD CONSTRAINT "merchant_communities_poi_id_communities_poi_id_fk" FOREIGN KEY ("poi_id") REFERENCES "public"."communities"("poi_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_communities" ADD CONSTRAINT "merchant_communities_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_staff" ADD CONSTRAINT "merchant_staff_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_staff" ADD CONSTRAINT "merchant_staff_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_staff" ADD CONSTRAINT "merchant_staff_added_by_users_id_fk" FOREIGN KEY ("added_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchants" ADD CONSTRAINT "merchants_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redbag_campaigns" ADD CONSTRAINT "redbag_campaigns_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redbag_campaigns" ADD CONSTRAINT "redbag_campaigns_batch_id_coupon_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."coupon_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redbag_campaigns" ADD CONSTRAINT "redbag_campaigns_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redbag_shares" ADD CONSTRAINT "redbag_shares_redbag_id_redbags_id_fk" FOREIGN KEY ("redbag_id") REFERENCES "public"."redbags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redbag_shares" ADD CONSTRAINT "redbag_shares_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redbag_shares" ADD CONSTRAINT "redbag_shares_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redbags" ADD CONSTRAINT "redbags_campaign_id_redbag_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."redbag_campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redbags" ADD CONSTRAINT "redbags_sharer_id_users_id_fk" FOREIGN KEY ("sharer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redbags" ADD CONSTRAINT "redbags_poi_id_communities_poi_id_fk" FOREIGN KEY ("poi_id") REFERENCES "public"."communities"("poi_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "coupon_batches_merchant_idx" ON "coupon_batches" USING btree ("merchant_id","created_at");--> statement-breakpoint
CREATE INDEX "coupons_user_idx" ON "coupons" USING btree ("user_id","claimed_at");--> statement-breakpoint
CREATE INDEX "coupons_batch_user_idx" ON "coupons" USING btree ("batch_id","user_id");--> statement-breakpoint
CREATE INDEX "coupons_merchant_used_idx" ON "coupons" USING btree ("merchant_id","used_at");--> statement-breakpoint
CREATE INDEX "coupons_merchant_unused_idx" ON "coupons" USING btree ("merchant_id") WHERE "coupons"."status" = 'unused';--> statement-breakpoint
CREATE UNIQUE INDEX "holder_keys_user_kid_uq" ON "holder_keys" USING btree ("user_id","kid");--> statement-breakpoint
CREATE UNIQUE INDEX "member_points_source_uq" ON "member_points" USING btree ("user_id","reason","ref");--> statement-breakpoint
CREATE INDEX "member_points_user_idx" ON "member_points" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "merchant_communities_poi_idx" ON "merchant_communities" USING btree ("poi_id","status");--> statement-breakpoint
CREATE INDEX "merchant_staff_user_idx" ON "merchant_staff" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "merchants_category_idx" ON "merchants" USING btree ("category","status");--> statement-breakpoint
CREATE INDEX "merchants_owner_idx" ON "merchants" USING btree ("owner_id");--> statement-breakpoint
CREATE UNIQUE INDEX "redbag_shares_user_uq" ON "redbag_shares" USING btree ("redbag_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "redbags_campaign_sharer_uq" ON "redbags" USING btree ("campaign_id","sharer_id");--> statement-breakpoint
ALTER TABLE "board_posts" ADD CONSTRAINT "board_posts_useful_by_users_id_fk" FOREIGN KEY ("useful_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;