CREATE TABLE "image_refs" (
	"poi_id" text NOT NULL,
	"hash" text NOT NULL,
	"ref" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "image_refs_poi_id_hash_ref_pk" PRIMARY KEY("poi_id","hash","ref")
);
--> statement-breakpoint
CREATE TABLE "images" (
	"poi_id" text NOT NULL,
	"hash" text NOT NULL,
	"uploader_id" uuid,
	"mime" text NOT NULL,
	"web" "bytea" NOT NULL,
	"thumb" "bytea" NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "images_poi_id_hash_pk" PRIMARY KEY("poi_id","hash")
);
--> statement-breakpoint
CREATE TABLE "board_comments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"post_id" uuid NOT NULL,
	"poi_id" text NOT NULL,
	"author_id" uuid NOT NULL,
	"reply_to" uuid,
	"reply_to_author_id" uuid,
	"text" text NOT NULL,
	"status" text NOT NULL,
	"held_reasons" text[] DEFAULT '{}'::text[] NOT NULL,
	"removed_reason" text,
	"moderated_by" uuid,
	"moderated_at" timestamp with time zone,
	"report_count" integer DEFAULT 0 NOT NULL,
	"search_terms" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"hidden_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "board_likes" (
	"post_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "board_likes_post_id_user_id_pk" PRIMARY KEY("post_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "board_mutes" (
	"poi_id" text NOT NULL,
	"user_id" uuid NOT NULL,
	"until" timestamp with time zone NOT NULL,
	"reason" text NOT NULL,
	"muted_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "board_mutes_poi_id_user_id_pk" PRIMARY KEY("poi_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "board_posts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"poi_id" text NOT NULL,
	"author_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"text" text NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"price_fen" bigint,
	"sold" boolean DEFAULT false NOT NULL,
	"show_phone" boolean DEFAULT false NOT NULL,
	"status" text NOT NULL,
	"held_reasons" text[] DEFAULT '{}'::text[] NOT NULL,
	"removed_reason" text,
	"moderated_by" uuid,
	"moderated_at" timestamp with time zone,
	"pinned_until" timestamp with time zone,
	"like_count" integer DEFAULT 0 NOT NULL,
	"comment_count" integer DEFAULT 0 NOT NULL,
	"report_count" integer DEFAULT 0 NOT NULL,
	"search_terms" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"edited_at" timestamp with time zone,
	"hidden_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "board_reports" (
	"target" text NOT NULL,
	"target_id" uuid NOT NULL,
	"reporter_id" uuid NOT NULL,
	"poi_id" text NOT NULL,
	"reason" text NOT NULL,
	"detail" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "board_reports_target_target_id_reporter_id_pk" PRIMARY KEY("target","target_id","reporter_id")
);
--> statement-breakpoint
CREATE TABLE "board_rule_acceptances" (
	"poi_id" text NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "board_rule_acceptances_poi_id_user_id_pk" PRIMARY KEY("poi_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "board_rules" (
	"poi_id" text PRIMARY KEY NOT NULL,
	"text" text NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content_settings" (
	"poi_id" text PRIMARY KEY NOT NULL,
	"keywords" text[] DEFAULT '{}'::text[] NOT NULL,
	"links" text DEFAULT 'hold' NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "images" ADD CONSTRAINT "images_poi_id_communities_poi_id_fk" FOREIGN KEY ("poi_id") REFERENCES "public"."communities"("poi_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "images" ADD CONSTRAINT "images_uploader_id_users_id_fk" FOREIGN KEY ("uploader_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_comments" ADD CONSTRAINT "board_comments_post_id_board_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."board_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_comments" ADD CONSTRAINT "board_comments_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_comments" ADD CONSTRAINT "board_comments_reply_to_author_id_users_id_fk" FOREIGN KEY ("reply_to_author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_comments" ADD CONSTRAINT "board_comments_moderated_by_users_id_fk" FOREIGN KEY ("moderated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_likes" ADD CONSTRAINT "board_likes_post_id_board_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."board_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_likes" ADD CONSTRAINT "board_likes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_mutes" ADD CONSTRAINT "board_mutes_poi_id_communities_poi_id_fk" FOREIGN KEY ("poi_id") REFERENCES "public"."communities"("poi_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_mutes" ADD CONSTRAINT "board_mutes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_mutes" ADD CONSTRAINT "board_mutes_muted_by_users_id_fk" FOREIGN KEY ("muted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_posts" ADD CONSTRAINT "board_posts_poi_id_communities_poi_id_fk" FOREIGN KEY ("poi_id") REFERENCES "public"."communities"("poi_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_posts" ADD CONSTRAINT "board_posts_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_posts" ADD CONSTRAINT "board_posts_moderated_by_users_id_fk" FOREIGN KEY ("moderated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_reports" ADD CONSTRAINT "board_reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_rule_acceptances" ADD CONSTRAINT "board_rule_acceptances_poi_id_communities_poi_id_fk" FOREIGN KEY ("poi_id") REFERENCES "public"."communities"("poi_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_rule_acceptances" ADD CONSTRAINT "board_rule_acceptances_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_rules" ADD CONSTRAINT "board_rules_poi_id_communities_poi_id_fk" FOREIGN KEY ("poi_id") REFERENCES "public"."communities"("poi_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_rules" ADD CONSTRAINT "board_rules_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_settings" ADD CONSTRAINT "content_settings_poi_id_communities_poi_id_fk" FOREIGN KEY ("poi_id") REFERENCES "public"."communities"("poi_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_settings" ADD CONSTRAINT "content_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "image_refs_ref_idx" ON "image_refs" USING btree ("ref");--> statement-breakpoint
CREATE INDEX "images_uploader_idx" ON "images" USING btree ("uploader_id","created_at");--> statement-breakpoint
CREATE INDEX "board_comments_post_idx" ON "board_comments" USING btree ("post_id","created_at","id");--> statement-breakpoint
CREATE INDEX "board_comments_queue_idx" ON "board_comments" USING btree ("poi_id","created_at") WHERE status = 'held';--> statement-breakpoint
CREATE INDEX "board_comments_author_idx" ON "board_comments" USING btree ("author_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "board_comments_hidden_idx" ON "board_comments" USING btree ("hidden_at") WHERE hidden_at is not null;--> statement-breakpoint
CREATE INDEX "board_comments_search_idx" ON "board_comments" USING gin ("search_terms");--> statement-breakpoint
CREATE INDEX "board_likes_user_idx" ON "board_likes" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "board_posts_feed_idx" ON "board_posts" USING btree ("poi_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE status = 'visible';--> statement-breakpoint
CREATE INDEX "board_posts_kind_feed_idx" ON "board_posts" USING btree ("poi_id","kind","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE status = 'visible';--> statement-breakpoint
CREATE INDEX "board_posts_pinned_idx" ON "board_posts" USING btree ("poi_id","pinned_until") WHERE pinned_until is not null;--> statement-breakpoint
CREATE INDEX "board_posts_queue_idx" ON "board_posts" USING btree ("poi_id","created_at") WHERE status = 'held';--> statement-breakpoint
CREATE INDEX "board_posts_author_idx" ON "board_posts" USING btree ("author_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "board_posts_hidden_idx" ON "board_posts" USING btree ("hidden_at") WHERE hidden_at is not null;--> statement-breakpoint
CREATE INDEX "board_posts_search_idx" ON "board_posts" USING gin ("search_terms");--> statement-breakpoint
CREATE INDEX "board_reports_reporter_idx" ON "board_reports" USING btree ("reporter_id","created_at");