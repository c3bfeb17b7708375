CREATE TYPE "public"."cancellation_outcome" AS ENUM('none', 'refund', 'open', 'agreed', 'timed_out', 'objected');--> statement-breakpoint
CREATE TYPE "public"."deal_history_kind" AS ENUM('payment_held', 'delivery', 'revision_request', 'acceptance', 'auto_acceptance', 'milestone_delivery', 'milestone_revision_request', 'milestone_approval', 'milestone_auto_approval', 'deadline_passed', 'cancellation_request', 'cancellation_agreed', 'cancellation_objected', 'cancellation_timed_out', 'cancelled_before_payment', 'cancelled_after_deadline', 'cancelled_after_acceptance', 'refund', 'payout');--> statement-breakpoint
CREATE TYPE "public"."deal_party" AS ENUM('owner', 'finisher', 'system');--> statement-breakpoint
CREATE TYPE "public"."deal_timer_kind" AS ENUM('review_due', 'review_reminder', 'milestone_review_due', 'milestone_review_reminder', 'delivery_due', 'delivery_reminder', 'cancellation_due', 'cancellation_reminder');--> statement-breakpoint
CREATE TABLE "deal_cancellations" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"outcome" "cancellation_outcome" NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"respond_by" timestamp with time zone,
	"responded_at" timestamp with time zone,
	"objection" text,
	CONSTRAINT "deal_cancellations_open_check" CHECK ("deal_cancellations"."outcome" <> 'open' OR "deal_cancellations"."respond_by" IS NOT NULL)
);
--> statement-breakpoint
CREATE TABLE "deal_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"kind" "deal_history_kind" NOT NULL,
	"by" "deal_party" NOT NULL,
	"message" text,
	"amount_cents" integer,
	"milestone_id" integer,
	"milestone_title" text,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deal_timers" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" "deal_timer_kind" NOT NULL,
	"project_id" integer NOT NULL,
	"milestone_id" integer,
	"due_at" timestamp with time zone NOT NULL,
	"anchor_at" timestamp with time zone NOT NULL,
	"deadline_at" timestamp with time zone,
	"fired_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_preferences" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"bid_updates" boolean DEFAULT true NOT NULL,
	"deal_updates" boolean DEFAULT true NOT NULL,
	"reminders" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text,
	"headers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "held_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "deal_cancellations" ADD CONSTRAINT "deal_cancellations_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_history" ADD CONSTRAINT "deal_history_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_history" ADD CONSTRAINT "deal_history_milestone_id_milestones_id_fk" FOREIGN KEY ("milestone_id") REFERENCES "public"."milestones"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_timers" ADD CONSTRAINT "deal_timers_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_timers" ADD CONSTRAINT "deal_timers_milestone_id_milestones_id_fk" FOREIGN KEY ("milestone_id") REFERENCES "public"."milestones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_preferences" ADD CONSTRAINT "email_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "deal_cancellations_project_key" ON "deal_cancellations" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "deal_history_project_idx" ON "deal_history" USING btree ("project_id","at","id");--> statement-breakpoint
CREATE INDEX "deal_timers_pending_due_idx" ON "deal_timers" USING btree ("due_at") WHERE "deal_timers"."fired_at" IS NULL;--> statement-breakpoint
CREATE INDEX "deal_timers_project_idx" ON "deal_timers" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "mail_outbox_created_idx" ON "mail_outbox" USING btree ("created_at","id");