CREATE TYPE "public"."dispute_settlement" AS ENUM('accepted', 'crossed', 'silence', 'ruling');--> statement-breakpoint
CREATE TYPE "public"."dispute_side" AS ENUM('owner', 'finisher');--> statement-breakpoint
CREATE TYPE "public"."dispute_stage" AS ENUM('delivery_review', 'revision', 'cancellation');--> statement-breakpoint
CREATE TYPE "public"."dispute_status" AS ENUM('negotiating', 'with_operator', 'settled');--> statement-breakpoint
CREATE TYPE "public"."operator_action" AS ENUM('viewed_queue', 'viewed_dispute', 'read_evidence_file', 'ruled');--> statement-breakpoint
CREATE TYPE "public"."card_dispute_status" AS ENUM('open', 'won', 'lost');--> statement-breakpoint
ALTER TYPE "public"."deal_history_kind" ADD VALUE 'dispute_opened';--> statement-breakpoint
ALTER TYPE "public"."deal_history_kind" ADD VALUE 'dispute_escalated';--> statement-breakpoint
ALTER TYPE "public"."deal_history_kind" ADD VALUE 'dispute_settled';--> statement-breakpoint
ALTER TYPE "public"."deal_party" ADD VALUE 'operator';--> statement-breakpoint
ALTER TYPE "public"."deal_timer_kind" ADD VALUE 'dispute_response_due';--> statement-breakpoint
ALTER TYPE "public"."deal_timer_kind" ADD VALUE 'dispute_response_reminder';--> statement-breakpoint
ALTER TYPE "public"."deal_timer_kind" ADD VALUE 'dispute_negotiation_due';--> statement-breakpoint
ALTER TYPE "public"."user_role" ADD VALUE 'operator';--> statement-breakpoint
CREATE TABLE "dispute_evidence" (
	"id" serial PRIMARY KEY NOT NULL,
	"dispute_id" integer NOT NULL,
	"side" "dispute_side" NOT NULL,
	"user_id" integer NOT NULL,
	"statement" text NOT NULL,
	"file_key" text,
	"file_name" text,
	"file_type" text,
	"file_size" integer,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dispute_offers" (
	"id" serial PRIMARY KEY NOT NULL,
	"dispute_id" integer NOT NULL,
	"side" "dispute_side" NOT NULL,
	"user_id" integer NOT NULL,
	"finisher_amount_cents" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	CONSTRAINT "dispute_offers_amount_check" CHECK ("dispute_offers"."finisher_amount_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "disputes" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"payment_id" integer NOT NULL,
	"opened_by" "dispute_side" NOT NULL,
	"stage" "dispute_stage" NOT NULL,
	"reason" text NOT NULL,
	"status" "dispute_status" DEFAULT 'negotiating' NOT NULL,
	"disputed_cents" integer NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	"responded_at" timestamp with time zone,
	"respond_by" timestamp with time zone NOT NULL,
	"negotiate_by" timestamp with time zone NOT NULL,
	"escalated_at" timestamp with time zone,
	"escalated_by" "dispute_side",
	"settled_at" timestamp with time zone,
	"settlement" "dispute_settlement",
	"finisher_amount_cents" integer,
	"refund_id" text,
	"transfer_id" text,
	"operator_id" integer,
	"decision" text,
	CONSTRAINT "disputes_amount_check" CHECK ("disputes"."disputed_cents" > 0),
	CONSTRAINT "disputes_settled_check" CHECK (("disputes"."status" = 'settled') = ("disputes"."settlement" IS NOT NULL AND "disputes"."finisher_amount_cents" IS NOT NULL AND "disputes"."settled_at" IS NOT NULL)),
	CONSTRAINT "disputes_finisher_amount_check" CHECK ("disputes"."finisher_amount_cents" IS NULL OR "disputes"."finisher_amount_cents" BETWEEN 0 AND "disputes"."disputed_cents")
);
--> statement-breakpoint
CREATE TABLE "operator_audit" (
	"id" serial PRIMARY KEY NOT NULL,
	"operator_id" integer NOT NULL,
	"action" "operator_action" NOT NULL,
	"dispute_id" integer,
	"details" jsonb,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "card_dispute_status" "card_dispute_status";--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "card_dispute_id" text;--> statement-breakpoint
ALTER TABLE "dispute_evidence" ADD CONSTRAINT "dispute_evidence_dispute_id_disputes_id_fk" FOREIGN KEY ("dispute_id") REFERENCES "public"."disputes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispute_evidence" ADD CONSTRAINT "dispute_evidence_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispute_offers" ADD CONSTRAINT "dispute_offers_dispute_id_disputes_id_fk" FOREIGN KEY ("dispute_id") REFERENCES "public"."disputes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispute_offers" ADD CONSTRAINT "dispute_offers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_operator_id_users_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operator_audit" ADD CONSTRAINT "operator_audit_operator_id_users_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operator_audit" ADD CONSTRAINT "operator_audit_dispute_id_disputes_id_fk" FOREIGN KEY ("dispute_id") REFERENCES "public"."disputes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dispute_evidence_dispute_idx" ON "dispute_evidence" USING btree ("dispute_id","id");--> statement-breakpoint
CREATE INDEX "dispute_offers_dispute_idx" ON "dispute_offers" USING btree ("dispute_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "disputes_active_project_key" ON "disputes" USING btree ("project_id") WHERE "disputes"."status" <> 'settled';--> statement-breakpoint
CREATE INDEX "disputes_project_idx" ON "disputes" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "disputes_queue_idx" ON "disputes" USING btree ("escalated_at") WHERE "disputes"."status" = 'with_operator';--> statement-breakpoint
CREATE INDEX "operator_audit_operator_idx" ON "operator_audit" USING btree ("operator_id","at");--> statement-breakpoint
CREATE INDEX "operator_audit_dispute_idx" ON "operator_audit" USING btree ("dispute_id");--> statement-breakpoint
-- The operator audit log is append-only: no update or delete, whoever asks (decision 029).
CREATE FUNCTION "operator_audit_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'operator_audit is append-only';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "operator_audit_no_change" BEFORE UPDATE OR DELETE ON "operator_audit" FOR EACH STATEMENT EXECUTE FUNCTION "operator_audit_append_only"();
