DROP INDEX "login_failures_mobile_idx";--> statement-breakpoint
ALTER TABLE "login_failures" DROP COLUMN "mobile_hash";