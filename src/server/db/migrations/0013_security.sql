ALTER TYPE "public"."deal_timer_kind" ADD VALUE 'dispute_digest';--> statement-breakpoint
ALTER TABLE "deal_timers" ADD COLUMN "party" "deal_party";--> statement-breakpoint
ALTER TABLE "dispute_evidence" ADD COLUMN "mailed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "dispute_offers" ADD COLUMN "mailed_at" timestamp with time zone;