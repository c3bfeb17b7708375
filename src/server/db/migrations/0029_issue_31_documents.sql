CREATE TYPE "public"."document_kind" AS ENUM('receipt', 'payout_statement');--> statement-breakpoint
CREATE TABLE "document_counters" (
	"series" text NOT NULL,
	"year" integer NOT NULL,
	"last_sequence" integer NOT NULL,
	CONSTRAINT "document_counters_series_year_pk" PRIMARY KEY("series","year")
);
--> statement-breakpoint
CREATE TABLE "documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"ledger_entry_id" integer NOT NULL,
	"kind" "document_kind" NOT NULL,
	"user_id" integer NOT NULL,
	"series" text NOT NULL,
	"year" integer NOT NULL,
	"sequence" integer NOT NULL,
	"number" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"currency" text DEFAULT 'usd' NOT NULL,
	"content" jsonb NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	CONSTRAINT "documents_amount_check" CHECK ("documents"."amount_cents" >= 0),
	CONSTRAINT "documents_sequence_check" CHECK ("documents"."sequence" > 0)
);
--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_ledger_entry_id_ledger_entries_id_fk" FOREIGN KEY ("ledger_entry_id") REFERENCES "public"."ledger_entries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "documents_ledger_entry_key" ON "documents" USING btree ("ledger_entry_id");--> statement-breakpoint
CREATE UNIQUE INDEX "documents_number_key" ON "documents" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "documents_series_year_sequence_key" ON "documents" USING btree ("series","year","sequence");--> statement-breakpoint
CREATE INDEX "documents_user_idx" ON "documents" USING btree ("user_id","issued_at","id");--> statement-breakpoint
-- A document, once issued, says the same forever (decision 064): the database refuses to change
-- or remove one, whoever asks.
CREATE FUNCTION documents_issued_once() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'documents are never changed once issued: % is refused', TG_OP USING ERRCODE = 'P0001';
END;
$$;--> statement-breakpoint
CREATE TRIGGER documents_no_update_or_delete BEFORE UPDATE OR DELETE ON documents FOR EACH ROW EXECUTE FUNCTION documents_issued_once();--> statement-breakpoint
CREATE TRIGGER documents_no_truncate BEFORE TRUNCATE ON documents FOR EACH STATEMENT EXECUTE FUNCTION documents_issued_once();
