DROP INDEX "projects_search_trgm_idx";--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower("projects"."name" || ' ' || "projects"."description")) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "projects_search_text_trgm_idx" ON "projects" USING gin ("search_text" gin_trgm_ops);