ALTER TABLE "polls" ADD COLUMN "secret_proxy_units" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "refused_ballots" ADD COLUMN "void_reason" text;--> statement-breakpoint
ALTER TABLE "refused_ballots" ADD COLUMN "photo_hash" text;