ALTER TYPE "public"."bid_status" ADD VALUE 'lapsed';--> statement-breakpoint
ALTER TYPE "public"."deal_history_kind" ADD VALUE 'payment_lapsed' BEFORE 'delivery';--> statement-breakpoint
ALTER TYPE "public"."deal_timer_kind" ADD VALUE 'payment_due' BEFORE 'dispute_response_due';--> statement-breakpoint
ALTER TYPE "public"."deal_timer_kind" ADD VALUE 'payment_reminder' BEFORE 'dispute_response_due';--> statement-breakpoint
ALTER TYPE "public"."deal_timer_kind" ADD VALUE 'dispute_digest';--> statement-breakpoint
CREATE TABLE "email_verification_tokens" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "email_verification_tokens_token_hash_key" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "bids" ALTER COLUMN "amount_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "change_orders" ALTER COLUMN "amount_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "deal_history" ALTER COLUMN "amount_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "dispute_offers" ALTER COLUMN "finisher_amount_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "disputes" ALTER COLUMN "disputed_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "disputes" ALTER COLUMN "finisher_amount_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "milestones" ALTER COLUMN "amount_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "amount_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "platform_fee_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "developer_amount_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "released_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "settled_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "refunded_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "projects" ALTER COLUMN "budget_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "statements_of_work" ALTER COLUMN "amount_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "bids" ADD COLUMN "accepted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "deal_timers" ADD COLUMN "party" "deal_party";--> statement-breakpoint
ALTER TABLE "dispute_evidence" ADD COLUMN "mailed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "dispute_offers" ADD COLUMN "mailed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "arrived_late_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "pending_email" text;--> statement-breakpoint
ALTER TABLE "email_verification_tokens" ADD CONSTRAINT "email_verification_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "disputes_payment_key" ON "disputes" USING btree ("payment_id");--> statement-breakpoint
-- Hand-written backfill (decision 036), before the check constraint: an existing operator was made by
-- `npm run operator:create`, whose runner vouched for the address; the demo accounts (seeded on demo
-- installs only) confirmed theirs in the story the demo tells. Everyone else confirms from a link.
-- role is compared as text: on a fresh PostgreSQL every migration runs in one transaction, where
-- the enum's 'operator' value (added in an earlier migration) cannot be used as a literal yet.
UPDATE "users" SET "email_verified_at" = now() WHERE "role"::text = 'operator' AND "email_verified_at" IS NULL;--> statement-breakpoint
UPDATE "users" SET "email_verified_at" = "created_at" WHERE lower("email") LIKE '%@demo.finishline.dev' AND "email_verified_at" IS NULL;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_operator_verified_check" CHECK ("users"."role"::text <> 'operator' OR "users"."email_verified_at" IS NOT NULL);--> statement-breakpoint
-- Hand-written backfill (decision 037): a bid accepted before the payment window had no acceptance time;
-- its agreed scope froze when it was accepted, else its last change is the closest there is.
-- status is compared as text: the enum gains a value in this same migration, which one transaction cannot use yet.
UPDATE "bids" SET "accepted_at" = coalesce(
  (SELECT min("statements_of_work"."frozen_at") FROM "statements_of_work" WHERE "statements_of_work"."bid_id" = "bids"."id"),
  "bids"."updated_at"
) WHERE "bids"."status"::text IN ('accepted', 'paid', 'completed') AND "bids"."accepted_at" IS NULL;
