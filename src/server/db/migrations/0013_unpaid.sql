ALTER TYPE "public"."bid_status" ADD VALUE 'lapsed';--> statement-breakpoint
ALTER TYPE "public"."deal_history_kind" ADD VALUE 'payment_lapsed' BEFORE 'delivery';--> statement-breakpoint
ALTER TYPE "public"."deal_timer_kind" ADD VALUE 'payment_due' BEFORE 'dispute_response_due';--> statement-breakpoint
ALTER TYPE "public"."deal_timer_kind" ADD VALUE 'payment_reminder' BEFORE 'dispute_response_due';--> statement-breakpoint
ALTER TABLE "bids" ADD COLUMN "accepted_at" timestamp with time zone;--> statement-breakpoint
-- Hand-written (decision 037): when each winning bid was accepted. The statement of work is frozen
-- in the accepting transaction on the deal clock's time; bids from before it fall back to their last
-- update (the acceptance itself for a bid still unpaid).
UPDATE "bids" SET "accepted_at" = coalesce(
  (SELECT min("statements_of_work"."frozen_at") FROM "statements_of_work" WHERE "statements_of_work"."bid_id" = "bids"."id"),
  "bids"."updated_at"
) WHERE "bids"."status" IN ('accepted', 'paid', 'completed') AND "bids"."accepted_at" IS NULL;
