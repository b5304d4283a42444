ALTER TABLE "entry_logs" ADD COLUMN "offline" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "entry_logs" ADD COLUMN "conflict" boolean DEFAULT false NOT NULL;