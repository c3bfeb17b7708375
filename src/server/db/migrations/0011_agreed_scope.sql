ALTER TYPE "public"."bid_status" ADD VALUE 'withdrawn';--> statement-breakpoint
ALTER TYPE "public"."bid_status" ADD VALUE 'declined';--> statement-breakpoint
CREATE TABLE "project_criteria" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"position" integer NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "statements_of_work" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"bid_id" integer NOT NULL,
	"criteria" jsonb NOT NULL,
	"amount_cents" integer NOT NULL,
	"timeline_days" integer NOT NULL,
	"included_revisions" integer NOT NULL,
	"message" text NOT NULL,
	"frozen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bids" ADD COLUMN "criteria_answers" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "bids" ADD COLUMN "included_revisions" integer;--> statement-breakpoint
ALTER TABLE "bids" ADD COLUMN "shortlisted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bids" ADD COLUMN "decline_reason" text;--> statement-breakpoint
ALTER TABLE "deal_history" ADD COLUMN "details" jsonb;--> statement-breakpoint
ALTER TABLE "project_criteria" ADD CONSTRAINT "project_criteria_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statements_of_work" ADD CONSTRAINT "statements_of_work_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statements_of_work" ADD CONSTRAINT "statements_of_work_bid_id_bids_id_fk" FOREIGN KEY ("bid_id") REFERENCES "public"."bids"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "project_criteria_project_idx" ON "project_criteria" USING btree ("project_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "statements_of_work_bid_key" ON "statements_of_work" USING btree ("bid_id");--> statement-breakpoint
CREATE INDEX "statements_of_work_project_idx" ON "statements_of_work" USING btree ("project_id","frozen_at");--> statement-breakpoint
ALTER TABLE "bids" ADD CONSTRAINT "bids_included_revisions_check" CHECK ("bids"."included_revisions" IS NULL OR "bids"."included_revisions" >= 0);