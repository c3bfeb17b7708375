CREATE TYPE "public"."job_state" AS ENUM('due', 'running', 'done', 'failed');--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"subject" text,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"state" "job_state" DEFAULT 'due' NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer,
	"last_error" text,
	"locked_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "email_preferences" ADD COLUMN "choices" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_kind_key" ON "jobs" USING btree ("kind","key");--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "jobs" USING btree ("due_at") WHERE "jobs"."state" = 'due';--> statement-breakpoint
CREATE INDEX "jobs_running_idx" ON "jobs" USING btree ("locked_until") WHERE "jobs"."state" = 'running';--> statement-breakpoint
CREATE INDEX "jobs_subject_idx" ON "jobs" USING btree ("subject","kind");--> statement-breakpoint
CREATE INDEX "jobs_state_updated_idx" ON "jobs" USING btree ("state","updated_at");--> statement-breakpoint
-- Decision 044, hand-written: every stored choice of the old columns moves into choices. The columns
-- stay one more release (still written, no longer read), so this release can be rolled back.
UPDATE "email_preferences" SET "choices" = jsonb_build_object('bidUpdates', "bid_updates", 'dealUpdates', "deal_updates", 'reminders', "reminders");
--> statement-breakpoint
-- Hand-written backfill (decision 042): every deal timer becomes a job of kind 'deal.<timer kind>',
-- pending ones due, fired ones done (the payment window's start-up check and the dispute digest's
-- pace read fired ones). The key and payload are those src/server/features/deal/deal-timers.ts
-- writes, so enqueueing the same timer again leaves one row. deal_timers stays one more release,
-- unread and unwritten; its drop comes with the release after.
INSERT INTO "jobs" ("kind", "key", "subject", "payload", "state", "due_at", "attempts", "created_at", "updated_at", "finished_at")
SELECT
  'deal.' || t."kind"::text,
  'project:' || t."project_id"
    || coalesce(':milestone:' || t."milestone_id", '')
    || coalesce(':party:' || t."party"::text, '')
    || ':anchor:' || to_char(t."anchor_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
    || ':at:' || to_char(t."due_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
  'project:' || t."project_id",
  jsonb_strip_nulls(jsonb_build_object(
    'projectId', t."project_id",
    'milestoneId', t."milestone_id",
    'party', t."party"::text,
    'anchorAt', to_char(t."anchor_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'deadlineAt', to_char(coalesce(t."deadline_at", t."due_at") AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
  )),
  CASE WHEN t."fired_at" IS NULL THEN 'due'::job_state ELSE 'done'::job_state END,
  t."due_at",
  CASE WHEN t."fired_at" IS NULL THEN 0 ELSE 1 END,
  t."created_at",
  coalesce(t."fired_at", t."created_at"),
  t."fired_at"
FROM "deal_timers" t
ORDER BY t."id"
ON CONFLICT ("kind", "key") DO NOTHING;
