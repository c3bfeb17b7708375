DROP INDEX "projects_search_text_trgm_idx";--> statement-breakpoint
ALTER TABLE "projects" DROP COLUMN "search_text";