ALTER TABLE "images" ALTER COLUMN "web" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "images" ALTER COLUMN "thumb" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "images" ADD COLUMN "store" text DEFAULT 'postgres' NOT NULL;