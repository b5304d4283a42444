ALTER TABLE "registrations" ADD COLUMN "card_type" text DEFAULT 'id' NOT NULL;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "nationality" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "consent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "consent_version" text;