DROP INDEX "bids_project_created_idx";--> statement-breakpoint
DROP INDEX "bids_finisher_created_idx";--> statement-breakpoint
DROP INDEX "notifications_user_created_idx";--> statement-breakpoint
DROP INDEX "projects_status_created_idx";--> statement-breakpoint
DROP INDEX "projects_created_idx";--> statement-breakpoint
DROP INDEX "projects_submitter_idx";--> statement-breakpoint
DROP INDEX "projects_finisher_idx";--> statement-breakpoint
DROP INDEX "reviews_reviewee_created_idx";--> statement-breakpoint
CREATE INDEX "bids_project_created_idx" ON "bids" USING btree ("project_id","created_at");--> statement-breakpoint
CREATE INDEX "bids_finisher_created_idx" ON "bids" USING btree ("finisher_id","created_at");--> statement-breakpoint
CREATE INDEX "notifications_user_created_idx" ON "notifications" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "projects_status_created_idx" ON "projects" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "projects_created_idx" ON "projects" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "projects_submitter_idx" ON "projects" USING btree ("submitter_id","created_at");--> statement-breakpoint
CREATE INDEX "projects_finisher_idx" ON "projects" USING btree ("finisher_id","created_at");--> statement-breakpoint
CREATE INDEX "reviews_reviewee_created_idx" ON "reviews" USING btree ("reviewee_id","created_at");