CREATE TABLE "group_buy_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"group_buy_id" uuid NOT NULL,
	"name" text NOT NULL,
	"spec" text DEFAULT '' NOT NULL,
	"photo" jsonb,
	"price_fen" integer NOT NULL,
	"stock" integer NOT NULL,
	"sold" integer DEFAULT 0 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "group_buy_items_sold" CHECK ("group_buy_items"."sold" >= 0 and "group_buy_items"."sold" <= "group_buy_items"."stock"),
	CONSTRAINT "group_buy_items_price" CHECK ("group_buy_items"."price_fen" > 0)
);
--> statement-breakpoint
CREATE TABLE "group_buys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"poi_id" text NOT NULL,
	"merchant_id" uuid,
	"leader_id" uuid,
	"title" text NOT NULL,
	"intro" text DEFAULT '' NOT NULL,
	"photos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"commission_bp" integer DEFAULT 0 NOT NULL,
	"min_orders" integer DEFAULT 1 NOT NULL,
	"per_person_limit" integer NOT NULL,
	"opens_at" timestamp with time zone NOT NULL,
	"closes_at" timestamp with time zone NOT NULL,
	"pickup_point" text NOT NULL,
	"pickup_from" timestamp with time zone NOT NULL,
	"pickup_until" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"status_reason" text,
	"decided_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "group_buys_one_seller" CHECK (("group_buys"."merchant_id" is null) <> ("group_buys"."leader_id" is null)),
	CONSTRAINT "group_buys_commission" CHECK ("group_buys"."commission_bp" between 0 and 5000),
	CONSTRAINT "group_buys_window" CHECK ("group_buys"."opens_at" < "group_buys"."closes_at")
);
--> statement-breakpoint
CREATE TABLE "group_leaders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"poi_id" text NOT NULL,
	"display_name" text NOT NULL,
	"pickup_point" text NOT NULL,
	"intro" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"reviewed_by" uuid,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_lines" (
	"posting_id" bigint NOT NULL,
	"account" text NOT NULL,
	"party" uuid,
	"amount_fen" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_postings" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"ref" text NOT NULL,
	"order_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_lines" (
	"order_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"name" text NOT NULL,
	"price_fen" integer NOT NULL,
	"qty" integer NOT NULL,
	"collected_qty" integer DEFAULT 0 NOT NULL,
	"refunded_qty" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "order_lines_qty" CHECK ("order_lines"."qty" > 0 and "order_lines"."collected_qty" >= 0 and "order_lines"."refunded_qty" >= 0 and "order_lines"."collected_qty" + "order_lines"."refunded_qty" <= "order_lines"."qty")
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_no" text NOT NULL,
	"group_buy_id" uuid NOT NULL,
	"poi_id" text NOT NULL,
	"user_id" uuid NOT NULL,
	"leader_id" uuid,
	"commission_bp" integer DEFAULT 0 NOT NULL,
	"total_fen" integer NOT NULL,
	"refunded_fen" integer DEFAULT 0 NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'unpaid' NOT NULL,
	"client_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"pay_by" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"collected_at" timestamp with time zone,
	"settled_at" timestamp with time zone,
	CONSTRAINT "orders_refund_le_total" CHECK ("orders"."refunded_fen" >= 0 and "orders"."refunded_fen" <= "orders"."total_fen")
);
--> statement-breakpoint
CREATE TABLE "pay_notices" (
	"id" text PRIMARY KEY NOT NULL,
	"event_type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pay_reconciliations" (
	"bill_date" text PRIMARY KEY NOT NULL,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"outcome" text NOT NULL,
	"differences" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"channel" text NOT NULL,
	"amount_fen" integer NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"transaction_id" text,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"out_refund_no" text NOT NULL,
	"amount_fen" integer NOT NULL,
	"lines" jsonb NOT NULL,
	"cause" text NOT NULL,
	"reason" text NOT NULL,
	"photos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"refuse_reason" text,
	"provider_refund_id" text,
	"refunded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refunds_amount" CHECK ("refunds"."amount_fen" > 0)
);
--> statement-breakpoint
ALTER TABLE "group_buy_items" ADD CONSTRAINT "group_buy_items_group_buy_id_group_buys_id_fk" FOREIGN KEY ("group_buy_id") REFERENCES "public"."group_buys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_buys" ADD CONSTRAINT "group_buys_poi_id_communities_poi_id_fk" FOREIGN KEY ("poi_id") REFERENCES "public"."communities"("poi_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_buys" ADD CONSTRAINT "group_buys_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_buys" ADD CONSTRAINT "group_buys_leader_id_group_leaders_id_fk" FOREIGN KEY ("leader_id") REFERENCES "public"."group_leaders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_buys" ADD CONSTRAINT "group_buys_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_leaders" ADD CONSTRAINT "group_leaders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_leaders" ADD CONSTRAINT "group_leaders_poi_id_communities_poi_id_fk" FOREIGN KEY ("poi_id") REFERENCES "public"."communities"("poi_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_leaders" ADD CONSTRAINT "group_leaders_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_lines" ADD CONSTRAINT "ledger_lines_posting_id_ledger_postings_id_fk" FOREIGN KEY ("posting_id") REFERENCES "public"."ledger_postings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_postings" ADD CONSTRAINT "ledger_postings_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_item_id_group_buy_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."group_buy_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_group_buy_id_group_buys_id_fk" FOREIGN KEY ("group_buy_id") REFERENCES "public"."group_buys"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_poi_id_communities_poi_id_fk" FOREIGN KEY ("poi_id") REFERENCES "public"."communities"("poi_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_leader_id_group_leaders_id_fk" FOREIGN KEY ("leader_id") REFERENCES "public"."group_leaders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "group_buy_items_buy_idx" ON "group_buy_items" USING btree ("group_buy_id","sort");--> statement-breakpoint
CREATE INDEX "group_buys_poi_idx" ON "group_buys" USING btree ("poi_id","status","closes_at");--> statement-breakpoint
CREATE INDEX "group_buys_leader_idx" ON "group_buys" USING btree ("leader_id");--> statement-breakpoint
CREATE INDEX "group_buys_merchant_idx" ON "group_buys" USING btree ("merchant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "group_leaders_user_poi_uq" ON "group_leaders" USING btree ("user_id","poi_id");--> statement-breakpoint
CREATE INDEX "group_leaders_poi_idx" ON "group_leaders" USING btree ("poi_id","status");--> statement-breakpoint
CREATE INDEX "ledger_lines_posting_idx" ON "ledger_lines" USING btree ("posting_id");--> statement-breakpoint
CREATE INDEX "ledger_lines_party_idx" ON "ledger_lines" USING btree ("account","party");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_postings_kind_ref_uq" ON "ledger_postings" USING btree ("kind","ref");--> statement-breakpoint
CREATE INDEX "ledger_postings_order_idx" ON "ledger_postings" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_lines_pk" ON "order_lines" USING btree ("order_id","item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_no_uq" ON "orders" USING btree ("order_no");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_client_key_uq" ON "orders" USING btree ("user_id","client_key");--> statement-breakpoint
CREATE INDEX "orders_user_idx" ON "orders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_buy_idx" ON "orders" USING btree ("group_buy_id","status");--> statement-breakpoint
CREATE INDEX "orders_leader_idx" ON "orders" USING btree ("leader_id","status");--> statement-breakpoint
CREATE INDEX "orders_unpaid_idx" ON "orders" USING btree ("pay_by") WHERE "orders"."status" = 'unpaid';--> statement-breakpoint
CREATE UNIQUE INDEX "payments_transaction_uq" ON "payments" USING btree ("transaction_id");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_out_no_uq" ON "refunds" USING btree ("out_refund_no");--> statement-breakpoint
CREATE INDEX "refunds_order_idx" ON "refunds" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "refunds_status_idx" ON "refunds" USING btree ("status");