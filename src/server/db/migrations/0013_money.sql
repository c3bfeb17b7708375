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
ALTER TABLE "payments" ADD COLUMN "arrived_late_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "disputes_payment_key" ON "disputes" USING btree ("payment_id");