CREATE TYPE "public"."check_state" AS ENUM('pending', 'success', 'failure', 'neutral');--> statement-breakpoint
CREATE TYPE "public"."pull_request_state" AS ENUM('open', 'closed', 'merged');--> statement-breakpoint
CREATE TYPE "public"."repository_provider" AS ENUM('github', 'sandbox');--> statement-breakpoint
CREATE TYPE "public"."repository_report_status" AS ENUM('pending', 'ready', 'partial', 'failed');--> statement-breakpoint
CREATE TYPE "public"."repository_access_status" AS ENUM('none', 'invited', 'granted', 'removed');--> statement-breakpoint
ALTER TYPE "public"."deal_history_kind" ADD VALUE 'repository_access_invited';--> statement-breakpoint
ALTER TYPE "public"."deal_history_kind" ADD VALUE 'repository_access_granted';--> statement-breakpoint
ALTER TYPE "public"."deal_history_kind" ADD VALUE 'repository_access_removed';--> statement-breakpoint
ALTER TYPE "public"."deal_history_kind" ADD VALUE 'pull_request_delivery';--> statement-breakpoint
ALTER TYPE "public"."deal_history_kind" ADD VALUE 'pull_request_closed';--> statement-breakpoint
CREATE TABLE "github_installations" (
	"installation_id" bigint PRIMARY KEY NOT NULL,
	"account_login" text NOT NULL,
	"account_type" text NOT NULL,
	"suspended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "repositories" (
	"id" serial PRIMARY KEY NOT NULL,
	"provider" "repository_provider" NOT NULL,
	"external_id" text NOT NULL,
	"owner_user_id" integer NOT NULL,
	"full_name" text NOT NULL,
	"url" text NOT NULL,
	"clone_url" text NOT NULL,
	"is_private" boolean DEFAULT false NOT NULL,
	"default_branch" text DEFAULT 'main' NOT NULL,
	"installation_id" bigint,
	"head_sha" text,
	"latest_report_id" bigint,
	"gone_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "repository_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"provider" "repository_provider" NOT NULL,
	"external_id" text NOT NULL,
	"login" text NOT NULL,
	"token_enc" text,
	"refresh_token_enc" text,
	"token_expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "repository_reports" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"repository_id" integer NOT NULL,
	"commit" text,
	"status" "repository_report_status" NOT NULL,
	"figures" jsonb,
	"problems" text[] DEFAULT '{}'::text[] NOT NULL,
	"reason" text,
	"trigger" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sandbox_check_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"pull_request_id" integer NOT NULL,
	"name" text NOT NULL,
	"state" "check_state" NOT NULL,
	"head_sha" text NOT NULL,
	"summary" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_git_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sandbox_pull_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"repository_id" integer NOT NULL,
	"number" integer NOT NULL,
	"head" text NOT NULL,
	"base" text NOT NULL,
	"title" text NOT NULL,
	"author_id" integer NOT NULL,
	"state" "pull_request_state" DEFAULT 'open' NOT NULL,
	"head_sha" text NOT NULL,
	"merge_commit_sha" text,
	"merged_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"merged_at" timestamp with time zone,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "pull_request_deliveries" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"repository_id" integer NOT NULL,
	"number" integer NOT NULL,
	"title" text NOT NULL,
	"state" "pull_request_state" NOT NULL,
	"head_sha" text NOT NULL,
	"head_ref" text NOT NULL,
	"base_ref" text NOT NULL,
	"commits" integer DEFAULT 0 NOT NULL,
	"additions" integer DEFAULT 0 NOT NULL,
	"deletions" integer DEFAULT 0 NOT NULL,
	"changed_files" integer DEFAULT 0 NOT NULL,
	"files" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"checks" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"check_run_id" text,
	"merged_by" text,
	"merge_commit_sha" text,
	"merged_at" timestamp with time zone,
	"accepted_by_merge_at" timestamp with time zone,
	"delivered_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "repository_access" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"repository_id" integer NOT NULL,
	"finisher_id" integer NOT NULL,
	"status" "repository_access_status" DEFAULT 'none' NOT NULL,
	"invitation_id" text,
	"invited_at" timestamp with time zone,
	"granted_at" timestamp with time zone,
	"removed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "repository_id" integer;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "grant_repository_access" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "merge_accepts_delivery" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "statements_of_work" ADD COLUMN "repository_report_id" bigint;--> statement-breakpoint
ALTER TABLE "statements_of_work" ADD COLUMN "start_commit" text;--> statement-breakpoint
ALTER TABLE "repositories" ADD CONSTRAINT "repositories_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repository_accounts" ADD CONSTRAINT "repository_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repository_reports" ADD CONSTRAINT "repository_reports_repository_id_repositories_id_fk" FOREIGN KEY ("repository_id") REFERENCES "public"."repositories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_check_runs" ADD CONSTRAINT "sandbox_check_runs_pull_request_id_sandbox_pull_requests_id_fk" FOREIGN KEY ("pull_request_id") REFERENCES "public"."sandbox_pull_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_git_tokens" ADD CONSTRAINT "sandbox_git_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_pull_requests" ADD CONSTRAINT "sandbox_pull_requests_repository_id_repositories_id_fk" FOREIGN KEY ("repository_id") REFERENCES "public"."repositories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_pull_requests" ADD CONSTRAINT "sandbox_pull_requests_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_pull_requests" ADD CONSTRAINT "sandbox_pull_requests_merged_by_id_users_id_fk" FOREIGN KEY ("merged_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pull_request_deliveries" ADD CONSTRAINT "pull_request_deliveries_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pull_request_deliveries" ADD CONSTRAINT "pull_request_deliveries_repository_id_repositories_id_fk" FOREIGN KEY ("repository_id") REFERENCES "public"."repositories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repository_access" ADD CONSTRAINT "repository_access_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repository_access" ADD CONSTRAINT "repository_access_repository_id_repositories_id_fk" FOREIGN KEY ("repository_id") REFERENCES "public"."repositories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repository_access" ADD CONSTRAINT "repository_access_finisher_id_users_id_fk" FOREIGN KEY ("finisher_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "repositories_provider_external_key" ON "repositories" USING btree ("provider","external_id");--> statement-breakpoint
CREATE UNIQUE INDEX "repositories_sandbox_name_key" ON "repositories" USING btree (lower("full_name")) WHERE "repositories"."provider" = 'sandbox';--> statement-breakpoint
CREATE INDEX "repositories_owner_idx" ON "repositories" USING btree ("owner_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "repository_accounts_external_key" ON "repository_accounts" USING btree ("provider","external_id");--> statement-breakpoint
CREATE UNIQUE INDEX "repository_accounts_user_key" ON "repository_accounts" USING btree ("user_id","provider");--> statement-breakpoint
CREATE UNIQUE INDEX "repository_reports_commit_key" ON "repository_reports" USING btree ("repository_id","commit") WHERE "repository_reports"."commit" IS NOT NULL AND "repository_reports"."status" IN ('ready', 'partial');--> statement-breakpoint
CREATE INDEX "repository_reports_repository_idx" ON "repository_reports" USING btree ("repository_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_check_runs_key" ON "sandbox_check_runs" USING btree ("pull_request_id","name","head_sha");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_git_tokens_hash_key" ON "sandbox_git_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "sandbox_git_tokens_user_idx" ON "sandbox_git_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_pull_requests_number_key" ON "sandbox_pull_requests" USING btree ("repository_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "pull_request_deliveries_project_number_key" ON "pull_request_deliveries" USING btree ("project_id","number");--> statement-breakpoint
CREATE INDEX "pull_request_deliveries_repository_idx" ON "pull_request_deliveries" USING btree ("repository_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "repository_access_project_finisher_key" ON "repository_access" USING btree ("project_id","finisher_id");--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_repository_id_repositories_id_fk" FOREIGN KEY ("repository_id") REFERENCES "public"."repositories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "projects_repository_idx" ON "projects" USING btree ("repository_id");