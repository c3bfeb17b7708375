ALTER TABLE "email_preferences" ADD COLUMN "choices" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
-- Decision 044, hand-written: every stored choice of the old columns moves into choices. The columns
-- stay one more release (still written, no longer read), so this release can be rolled back.
UPDATE "email_preferences" SET "choices" = jsonb_build_object('bidUpdates', "bid_updates", 'dealUpdates', "deal_updates", 'reminders', "reminders");
