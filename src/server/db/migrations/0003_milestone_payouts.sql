ALTER TABLE "milestones" ADD COLUMN "completion_note" text;--> statement-breakpoint
ALTER TABLE "milestones" ADD COLUMN "feedback" text;--> statement-breakpoint
ALTER TABLE "milestones" ADD COLUMN "released_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "milestones" ADD COLUMN "transfer_id" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "settled_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_settled_check" CHECK ("payments"."settled_cents" >= 0 AND "payments"."settled_cents" + "payments"."refunded_cents" <= "payments"."amount_cents" AND "payments"."released_cents" <= "payments"."developer_amount_cents");