CREATE TYPE "public"."ledger_entry_kind" AS ENUM('payment_held', 'change_order_payment', 'late_payment', 'milestone_release', 'final_release', 'dispute_release', 'platform_fee', 'refund', 'dispute_refund', 'late_refund', 'chargeback_freeze', 'chargeback_won', 'chargeback_lost');--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"payment_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"owner_id" integer NOT NULL,
	"finisher_id" integer NOT NULL,
	"kind" "ledger_entry_kind" NOT NULL,
	"amount_cents" bigint NOT NULL,
	"currency" text DEFAULT 'usd' NOT NULL,
	"provider_id" text,
	"note" text,
	"movement_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entries_amount_check" CHECK ("ledger_entries"."amount_cents" >= 0),
	CONSTRAINT "ledger_entries_currency_check" CHECK ("ledger_entries"."currency" = 'usd')
);
--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_finisher_id_users_id_fk" FOREIGN KEY ("finisher_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_movement_key" ON "ledger_entries" USING btree ("movement_key");--> statement-breakpoint
CREATE INDEX "ledger_entries_project_idx" ON "ledger_entries" USING btree ("project_id","id");--> statement-breakpoint
CREATE INDEX "ledger_entries_payment_idx" ON "ledger_entries" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_owner_idx" ON "ledger_entries" USING btree ("owner_id","created_at","id");--> statement-breakpoint
CREATE INDEX "ledger_entries_finisher_idx" ON "ledger_entries" USING btree ("finisher_id","created_at","id");--> statement-breakpoint
-- The ledger is append-only (decision 063): the database refuses to change or remove an entry,
-- whoever asks, so the code is not the only guard.
CREATE FUNCTION ledger_entries_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger entries are append-only: % is refused', TG_OP USING ERRCODE = 'P0001', HINT = 'append a correcting entry instead';
END;
$$;--> statement-breakpoint
CREATE TRIGGER ledger_entries_no_update_or_delete BEFORE UPDATE OR DELETE ON ledger_entries FOR EACH ROW EXECUTE FUNCTION ledger_entries_append_only();--> statement-breakpoint
CREATE TRIGGER ledger_entries_no_truncate BEFORE TRUNCATE ON ledger_entries FOR EACH STATEMENT EXECUTE FUNCTION ledger_entries_append_only();--> statement-breakpoint
-- Payments made before the ledger existed get the entries their rows imply: the money that came,
-- what was paid out, the fee on what was settled, and what went back. Milestone releases before
-- the ledger are one 'final_release' each: the rows do not say how they were staged.
INSERT INTO ledger_entries (payment_id, project_id, owner_id, finisher_id, kind, amount_cents, provider_id, note, movement_key, created_at)
SELECT p.id, b.project_id, pr.submitter_id, b.finisher_id, e.kind::ledger_entry_kind, e.amount, e.provider_id, 'recorded before the ledger', 'backfill:' || e.kind || ':' || p.id, e.at
FROM payments p
JOIN bids b ON b.id = p.bid_id
JOIN projects pr ON pr.id = b.project_id
CROSS JOIN LATERAL (VALUES
  (CASE WHEN p.arrived_late_at IS NOT NULL THEN 'late_payment' WHEN p.change_order_id IS NOT NULL THEN 'change_order_payment' ELSE 'payment_held' END,
   p.amount_cents, p.payment_intent_id, coalesce(p.held_at, p.arrived_late_at, p.created_at), 1),
  ('final_release', p.released_cents, p.transfer_id, p.updated_at, 2),
  ('platform_fee', p.settled_cents - p.released_cents, NULL, p.updated_at, 3),
  (CASE WHEN p.arrived_late_at IS NOT NULL THEN 'late_refund' ELSE 'refund' END, p.refunded_cents, p.refund_id, p.updated_at, 4)
) AS e(kind, amount, provider_id, at, ord)
WHERE p.status IN ('held', 'released', 'refunded') AND (e.ord = 1 OR e.amount > 0)
ORDER BY p.id, e.ord;
