DROP INDEX "reviews_reviewee_rating_idx";--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "updated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "revealed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "reviews_reviewee_rating_idx" ON "reviews" USING btree ("reviewee_id","rating") WHERE "reviews"."revealed_at" IS NOT NULL;--> statement-breakpoint
-- Written by hand: reviews written before double-blind reviews were public from the start.
UPDATE "reviews" SET "revealed_at" = "created_at" WHERE "revealed_at" IS NULL;
