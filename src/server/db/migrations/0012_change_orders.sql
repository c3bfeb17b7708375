CREATE TYPE "public"."change_order_proposer" AS ENUM('owner', 'finisher');--> statement-breakpoint
CREATE TYPE "public"."change_order_status" AS ENUM('proposed', 'accepted', 'declined', 'withdrawn');--> statement-breakpoint
ALTER TYPE "public"."deal_history_kind" ADD VALUE 'change_order_proposed';--> statement-breakpoint
ALTER TYPE "public"."deal_history_kind" ADD VALUE 'change_order_accepted';--> statement-breakpoint
ALTER TYPE "public"."deal_history_kind" ADD VALUE 'change_order_declined';--> statement-breakpoint
ALTER TYPE "public"."deal_history_kind" ADD VALUE 'change_order_withdrawn';--> statement-breakpoint
ALTER TYPE "public"."deal_history_kind" ADD VALUE 'change_order_paid';--> statement-breakpoint
CREATE TABLE "change_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"bid_id" integer NOT NULL,
	"proposed_by" "change_order_proposer" NOT NULL,
	"proposer_id" integer NOT NULL,
	"description" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"extra_days" integer NOT NULL,
	"status" "change_order_status" DEFAULT 'proposed' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "change_orders_amount_check" CHECK ("change_orders"."amount_cents" >= 0),
	CONSTRAINT "change_orders_extra_days_check" CHECK ("change_orders"."extra_days" >= 0)
);
--> statement-breakpoint
DROP INDEX "payments_bid_key";--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "change_order_id" integer;--> statement-breakpoint
ALTER TABLE "change_orders" ADD CONSTRAINT "change_orders_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "change_orders" ADD CONSTRAINT "change_orders_bid_id_bids_id_fk" FOREIGN KEY ("bid_id") REFERENCES "public"."bids"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "change_orders" ADD CONSTRAINT "change_orders_proposer_id_users_id_fk" FOREIGN KEY ("proposer_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "change_orders_project_idx" ON "change_orders" USING btree ("project_id","id");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_change_order_id_change_orders_id_fk" FOREIGN KEY ("change_order_id") REFERENCES "public"."change_orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_change_order_key" ON "payments" USING btree ("change_order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_bid_key" ON "payments" USING btree ("bid_id") WHERE "payments"."change_order_id" IS NULL;