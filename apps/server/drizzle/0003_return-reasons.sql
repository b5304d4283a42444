ALTER TABLE "registration_reviews" ADD COLUMN "reason" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "return_reason" text DEFAULT '' NOT NULL;