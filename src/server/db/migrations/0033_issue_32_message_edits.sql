CREATE TABLE "message_edits" (
	"id" serial PRIMARY KEY NOT NULL,
	"message_id" integer NOT NULL,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "edited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "message_edits" ADD CONSTRAINT "message_edits_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "message_edits_message_idx" ON "message_edits" USING btree ("message_id","id");--> statement-breakpoint
-- Searching one's conversations (issue 32, item 6): a word anywhere in a message, through trigrams.
CREATE INDEX "messages_content_trgm_idx" ON "messages" USING gin (lower("content") gin_trgm_ops);
