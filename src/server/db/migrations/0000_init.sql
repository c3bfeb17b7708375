CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TYPE "public"."bid_status" AS ENUM('pending', 'accepted', 'rejected', 'paid', 'completed');--> statement-breakpoint
CREATE TYPE "public"."channel_status" AS ENUM('active', 'closed');--> statement-breakpoint
CREATE TYPE "public"."thread_status" AS ENUM('open', 'closed');--> statement-breakpoint
CREATE TYPE "public"."milestone_status" AS ENUM('pending', 'completed', 'approved');--> statement-breakpoint
CREATE TYPE "public"."payment_status" AS ENUM('pending', 'held', 'released', 'refunded', 'failed');--> statement-breakpoint
CREATE TYPE "public"."project_status" AS ENUM('open', 'active', 'assigned', 'in_progress', 'paid', 'completed', 'accepted', 'paused', 'cancelled');--> statement-breakpoint
CREATE TYPE "public"."user_role" AS ENUM('submitter', 'finisher');--> statement-breakpoint
CREATE TABLE "bids" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"finisher_id" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"timeline_days" integer NOT NULL,
	"message" text NOT NULL,
	"status" "bid_status" DEFAULT 'pending' NOT NULL,
	"payment_intent_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bids_amount_check" CHECK ("bids"."amount_cents" > 0),
	CONSTRAINT "bids_timeline_check" CHECK ("bids"."timeline_days" > 0)
);
--> statement-breakpoint
CREATE TABLE "conversation_channels" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"creator_id" integer NOT NULL,
	"developer_id" integer NOT NULL,
	"bid_id" integer,
	"status" "channel_status" DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "conversation_threads" (
	"id" serial PRIMARY KEY NOT NULL,
	"channel_id" integer NOT NULL,
	"type" text DEFAULT 'general' NOT NULL,
	"title" text NOT NULL,
	"status" "thread_status" DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"thread_id" integer NOT NULL,
	"sender_id" integer NOT NULL,
	"content" text NOT NULL,
	"attachments" jsonb,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "milestones" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"amount_cents" integer NOT NULL,
	"status" "milestone_status" DEFAULT 'pending' NOT NULL,
	"due_date" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"approved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "milestones_amount_check" CHECK ("milestones"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"type" text NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"related_id" integer,
	"is_read" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"bid_id" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"platform_fee_cents" integer NOT NULL,
	"developer_amount_cents" integer NOT NULL,
	"released_cents" integer DEFAULT 0 NOT NULL,
	"refunded_cents" integer DEFAULT 0 NOT NULL,
	"payment_intent_id" text,
	"checkout_session_id" text,
	"charge_id" text,
	"transfer_group" text,
	"status" "payment_status" DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_amount_check" CHECK ("payments"."amount_cents" > 0),
	CONSTRAINT "payments_fee_check" CHECK ("payments"."platform_fee_cents" >= 0 AND "payments"."developer_amount_cents" >= 0),
	CONSTRAINT "payments_split_check" CHECK ("payments"."platform_fee_cents" + "payments"."developer_amount_cents" = "payments"."amount_cents"),
	CONSTRAINT "payments_money_out_check" CHECK ("payments"."released_cents" >= 0 AND "payments"."refunded_cents" >= 0 AND "payments"."released_cents" + "payments"."refunded_cents" <= "payments"."amount_cents")
);
--> statement-breakpoint
CREATE TABLE "processed_webhook_events" (
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"type" text NOT NULL,
	"processed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "processed_webhook_events_provider_event_id_pk" PRIMARY KEY("provider","event_id")
);
--> statement-breakpoint
CREATE TABLE "projects" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"tech_stack" text[] DEFAULT '{}'::text[] NOT NULL,
	"code_link" text NOT NULL,
	"image_url" text,
	"status" "project_status" DEFAULT 'open' NOT NULL,
	"submitter_id" integer NOT NULL,
	"finisher_id" integer,
	"budget_cents" integer,
	"timeframe" text,
	"delivery_message" text,
	"completed_at" timestamp with time zone,
	"accepted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "projects_budget_check" CHECK ("projects"."budget_cents" IS NULL OR "projects"."budget_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"user_agent" text,
	"ip_address" text
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"role" "user_role" DEFAULT 'submitter' NOT NULL,
	"stripe_customer_id" text,
	"stripe_connect_account_id" text,
	"onboarding_complete" boolean DEFAULT false NOT NULL,
	"avatar_url" text,
	"bio" text,
	"location" text,
	"website" text,
	"github_url" text,
	"linkedin_url" text,
	"twitter_url" text,
	"skills" text[] DEFAULT '{}'::text[] NOT NULL,
	"hourly_rate" integer,
	"years_of_experience" integer,
	"languages" text[] DEFAULT '{}'::text[] NOT NULL,
	"frameworks" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_hourly_rate_check" CHECK ("users"."hourly_rate" IS NULL OR "users"."hourly_rate" >= 0),
	CONSTRAINT "users_years_check" CHECK ("users"."years_of_experience" IS NULL OR "users"."years_of_experience" >= 0)
);
--> statement-breakpoint
ALTER TABLE "bids" ADD CONSTRAINT "bids_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bids" ADD CONSTRAINT "bids_finisher_id_users_id_fk" FOREIGN KEY ("finisher_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_channels" ADD CONSTRAINT "conversation_channels_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_channels" ADD CONSTRAINT "conversation_channels_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_channels" ADD CONSTRAINT "conversation_channels_developer_id_users_id_fk" FOREIGN KEY ("developer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_channels" ADD CONSTRAINT "conversation_channels_bid_id_bids_id_fk" FOREIGN KEY ("bid_id") REFERENCES "public"."bids"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_threads" ADD CONSTRAINT "conversation_threads_channel_id_conversation_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."conversation_channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_thread_id_conversation_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."conversation_threads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "milestones" ADD CONSTRAINT "milestones_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_bid_id_bids_id_fk" FOREIGN KEY ("bid_id") REFERENCES "public"."bids"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_submitter_id_users_id_fk" FOREIGN KEY ("submitter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_finisher_id_users_id_fk" FOREIGN KEY ("finisher_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bids_project_finisher_key" ON "bids" USING btree ("project_id","finisher_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bids_one_winner_per_project_key" ON "bids" USING btree ("project_id") WHERE "bids"."status" IN ('accepted', 'paid', 'completed');--> statement-breakpoint
CREATE INDEX "bids_project_created_idx" ON "bids" USING btree ("project_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "bids_finisher_created_idx" ON "bids" USING btree ("finisher_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "conversation_channels_bid_key" ON "conversation_channels" USING btree ("bid_id");--> statement-breakpoint
CREATE INDEX "conversation_channels_creator_idx" ON "conversation_channels" USING btree ("creator_id");--> statement-breakpoint
CREATE INDEX "conversation_channels_developer_idx" ON "conversation_channels" USING btree ("developer_id");--> statement-breakpoint
CREATE INDEX "conversation_channels_project_idx" ON "conversation_channels" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "conversation_threads_channel_idx" ON "conversation_threads" USING btree ("channel_id");--> statement-breakpoint
CREATE INDEX "messages_thread_created_idx" ON "messages" USING btree ("thread_id","created_at","id");--> statement-breakpoint
CREATE INDEX "milestones_project_idx" ON "milestones" USING btree ("project_id","created_at");--> statement-breakpoint
CREATE INDEX "notifications_user_created_idx" ON "notifications" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "notifications_user_unread_idx" ON "notifications" USING btree ("user_id") WHERE "notifications"."is_read" = false;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_bid_key" ON "payments" USING btree ("bid_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_payment_intent_key" ON "payments" USING btree ("payment_intent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_checkout_session_key" ON "payments" USING btree ("checkout_session_id");--> statement-breakpoint
CREATE INDEX "payments_status_idx" ON "payments" USING btree ("status");--> statement-breakpoint
CREATE INDEX "projects_status_created_idx" ON "projects" USING btree ("status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "projects_created_idx" ON "projects" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "projects_submitter_idx" ON "projects" USING btree ("submitter_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "projects_finisher_idx" ON "projects" USING btree ("finisher_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "projects_tech_stack_idx" ON "projects" USING gin ("tech_stack");--> statement-breakpoint
CREATE INDEX "projects_search_trgm_idx" ON "projects" USING gin ((lower("name" || ' ' || "description")) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_expires_idx" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_lower_key" ON "users" USING btree (lower("username"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_key" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_stripe_connect_account_key" ON "users" USING btree ("stripe_connect_account_id");--> statement-breakpoint
CREATE INDEX "users_role_idx" ON "users" USING btree ("role","id");