CREATE TABLE "developer_records" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"rating_sum" integer DEFAULT 0 NOT NULL,
	"review_count" integer DEFAULT 0 NOT NULL,
	"average_rating" numeric GENERATED ALWAYS AS (case when "developer_records"."review_count" = 0 then 0 else "developer_records"."rating_sum"::numeric / "developer_records"."review_count" end) STORED NOT NULL,
	"completed_deals" integer DEFAULT 0 NOT NULL,
	"hourly_rate" integer
);
--> statement-breakpoint
ALTER TABLE "developer_records" ADD CONSTRAINT "developer_records_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "developer_records_best_idx" ON "developer_records" USING btree ("average_rating","completed_deals","user_id");--> statement-breakpoint
CREATE INDEX "developer_records_rating_idx" ON "developer_records" USING btree ("average_rating","review_count","completed_deals","user_id");--> statement-breakpoint
CREATE INDEX "developer_records_completed_idx" ON "developer_records" USING btree ("completed_deals","average_rating","user_id");--> statement-breakpoint
CREATE INDEX "developer_records_rate_asc_idx" ON "developer_records" USING btree ((("hourly_rate" is not null)::int),(-coalesce("hourly_rate", 0)),"average_rating","user_id");--> statement-breakpoint
CREATE INDEX "developer_records_rate_desc_idx" ON "developer_records" USING btree ((("hourly_rate" is not null)::int),(coalesce("hourly_rate", 0)),"average_rating","user_id");--> statement-breakpoint
-- Hand-written (decision 066): developer_records follows the facts it counts, in the transaction that
-- changes them. Each trigger names the people a change touches; developer_records_recount() counts
-- their record again from the facts. It locks their rows first, in id order, and counts in a later
-- statement: under READ COMMITTED that statement's snapshot holds every change committed by a writer
-- that held the lock before, so two transactions changing one person's facts cannot each write a
-- count that misses the other's. The statuses are paidPaymentStatuses and winningBidStatuses
-- (src/shared/domain), as projectIsCompletedDeal (src/server/db/paid.ts) writes them; a change there
-- needs a migration that changes this function (developer-records.test.ts compares the two).
CREATE FUNCTION developer_records_recount(people integer[]) RETURNS void
  LANGUAGE plpgsql
  AS $$ BEGIN
    IF people IS NULL OR cardinality(people) = 0 THEN RETURN; END IF;
    PERFORM 1 FROM developer_records WHERE user_id = ANY (people) ORDER BY user_id FOR UPDATE;
    UPDATE developer_records r SET
      rating_sum = coalesce((SELECT sum(rv.rating) FROM reviews rv WHERE rv.reviewee_id = r.user_id AND rv.revealed_at IS NOT NULL), 0),
      review_count = (SELECT count(*) FROM reviews rv WHERE rv.reviewee_id = r.user_id AND rv.revealed_at IS NOT NULL),
      completed_deals = (SELECT count(*) FROM projects p WHERE p.finisher_id = r.user_id AND p.accepted_at IS NOT NULL
        AND EXISTS (SELECT 1 FROM bids b JOIN payments pay ON pay.bid_id = b.id
          WHERE b.project_id = p.id AND b.status IN ('accepted', 'paid', 'completed')
            AND pay.change_order_id IS NULL AND pay.status IN ('held', 'released')))
    WHERE r.user_id = ANY (people);
  END $$;--> statement-breakpoint
-- Reviews: a revealed review's stars count (decision 059). Statement triggers with transition
-- tables, so the reveal job's one UPDATE of many reviews recounts each person once.
CREATE FUNCTION reviews_recount_developer_records() RETURNS trigger
  LANGUAGE plpgsql
  AS $$ BEGIN
    IF TG_OP = 'INSERT' THEN
      PERFORM developer_records_recount(array(SELECT DISTINCT reviewee_id FROM new_rows WHERE revealed_at IS NOT NULL));
    ELSIF TG_OP = 'DELETE' THEN
      PERFORM developer_records_recount(array(SELECT DISTINCT reviewee_id FROM old_rows WHERE revealed_at IS NOT NULL));
    ELSE
      PERFORM developer_records_recount(array(
        SELECT reviewee_id FROM old_rows WHERE revealed_at IS NOT NULL
        UNION SELECT reviewee_id FROM new_rows WHERE revealed_at IS NOT NULL));
    END IF;
    RETURN NULL;
  END $$;--> statement-breakpoint
CREATE TRIGGER reviews_developer_records_insert AFTER INSERT ON reviews
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION reviews_recount_developer_records();--> statement-breakpoint
CREATE TRIGGER reviews_developer_records_update AFTER UPDATE ON reviews
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION reviews_recount_developer_records();--> statement-breakpoint
CREATE TRIGGER reviews_developer_records_delete AFTER DELETE ON reviews
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION reviews_recount_developer_records();--> statement-breakpoint
-- Payments: a project's own payment held or released makes its accepted work a completed deal; a
-- refund, a chargeback lost or a payment that lapses takes it back. The person is the project's
-- finisher (projects.finisher_id, as the directory counted), found through the payment's bid.
CREATE FUNCTION payments_recount_developer_records() RETURNS trigger
  LANGUAGE plpgsql
  AS $$ BEGIN
    IF TG_OP = 'INSERT' THEN
      PERFORM developer_records_recount(array(
        SELECT DISTINCT p.finisher_id FROM new_rows n JOIN bids b ON b.id = n.bid_id JOIN projects p ON p.id = b.project_id
        WHERE n.change_order_id IS NULL AND n.status IN ('held', 'released') AND p.finisher_id IS NOT NULL AND p.accepted_at IS NOT NULL));
    ELSIF TG_OP = 'DELETE' THEN
      PERFORM developer_records_recount(array(
        SELECT DISTINCT p.finisher_id FROM old_rows o JOIN bids b ON b.id = o.bid_id JOIN projects p ON p.id = b.project_id
        WHERE o.change_order_id IS NULL AND p.finisher_id IS NOT NULL AND p.accepted_at IS NOT NULL));
    ELSE
      PERFORM developer_records_recount(array(
        SELECT p.finisher_id FROM (SELECT bid_id, change_order_id FROM old_rows UNION SELECT bid_id, change_order_id FROM new_rows) c
          JOIN bids b ON b.id = c.bid_id JOIN projects p ON p.id = b.project_id
        WHERE c.change_order_id IS NULL AND p.finisher_id IS NOT NULL AND p.accepted_at IS NOT NULL
        GROUP BY p.finisher_id));
    END IF;
    RETURN NULL;
  END $$;--> statement-breakpoint
CREATE TRIGGER payments_developer_records_insert AFTER INSERT ON payments
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION payments_recount_developer_records();--> statement-breakpoint
CREATE TRIGGER payments_developer_records_update AFTER UPDATE ON payments
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION payments_recount_developer_records();--> statement-breakpoint
CREATE TRIGGER payments_developer_records_delete AFTER DELETE ON payments
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION payments_recount_developer_records();--> statement-breakpoint
-- Bids: the winning bid's status decides whether its payment counts. A new bid has no payment yet,
-- so inserts need no trigger; row triggers on the two columns that matter, since bids change often.
CREATE FUNCTION bids_recount_developer_records() RETURNS trigger
  LANGUAGE plpgsql
  AS $$ BEGIN
    PERFORM developer_records_recount(array(
      SELECT DISTINCT p.finisher_id FROM projects p
      WHERE p.id IN (OLD.project_id, CASE WHEN TG_OP = 'UPDATE' THEN NEW.project_id END)
        AND p.finisher_id IS NOT NULL AND p.accepted_at IS NOT NULL));
    RETURN NULL;
  END $$;--> statement-breakpoint
CREATE TRIGGER bids_developer_records_update AFTER UPDATE OF status, project_id ON bids
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.project_id IS DISTINCT FROM NEW.project_id)
  EXECUTE FUNCTION bids_recount_developer_records();--> statement-breakpoint
CREATE TRIGGER bids_developer_records_delete AFTER DELETE ON bids
  FOR EACH ROW WHEN (OLD.status IN ('accepted', 'paid', 'completed')) EXECUTE FUNCTION bids_recount_developer_records();--> statement-breakpoint
-- Projects: the work accepted (accepted_at) and whose record it is (finisher_id). A new project has
-- no bid or payment yet, so inserts need no trigger.
CREATE FUNCTION projects_recount_developer_records() RETURNS trigger
  LANGUAGE plpgsql
  AS $$ BEGIN
    IF TG_OP = 'DELETE' THEN
      PERFORM developer_records_recount(array[OLD.finisher_id]);
    ELSE
      PERFORM developer_records_recount(array(SELECT DISTINCT f FROM unnest(array[OLD.finisher_id, NEW.finisher_id]) f WHERE f IS NOT NULL ORDER BY f));
    END IF;
    RETURN NULL;
  END $$;--> statement-breakpoint
CREATE TRIGGER projects_developer_records_update AFTER UPDATE OF accepted_at, finisher_id ON projects
  FOR EACH ROW WHEN (OLD.accepted_at IS DISTINCT FROM NEW.accepted_at OR OLD.finisher_id IS DISTINCT FROM NEW.finisher_id)
  EXECUTE FUNCTION projects_recount_developer_records();--> statement-breakpoint
CREATE TRIGGER projects_developer_records_delete AFTER DELETE ON projects
  FOR EACH ROW WHEN (OLD.finisher_id IS NOT NULL AND OLD.accepted_at IS NOT NULL)
  EXECUTE FUNCTION projects_recount_developer_records();--> statement-breakpoint
-- Users: every user has a record row (a new one has no review and no deal), with the hourly rate.
CREATE FUNCTION users_keep_developer_record() RETURNS trigger
  LANGUAGE plpgsql
  AS $$ BEGIN
    INSERT INTO developer_records (user_id, hourly_rate) VALUES (NEW.id, NEW.hourly_rate)
      ON CONFLICT (user_id) DO UPDATE SET hourly_rate = EXCLUDED.hourly_rate;
    RETURN NULL;
  END $$;--> statement-breakpoint
CREATE TRIGGER users_developer_record AFTER INSERT OR UPDATE OF hourly_rate ON users
  FOR EACH ROW EXECUTE FUNCTION users_keep_developer_record();--> statement-breakpoint
INSERT INTO developer_records (user_id, hourly_rate, rating_sum, review_count, completed_deals)
  SELECT u.id, u.hourly_rate, coalesce(r.rating_sum, 0), coalesce(r.review_count, 0), coalesce(c.completed_deals, 0)
  FROM users u
  LEFT JOIN (SELECT reviewee_id, sum(rating)::int AS rating_sum, count(*)::int AS review_count FROM reviews
    WHERE revealed_at IS NOT NULL GROUP BY reviewee_id) r ON r.reviewee_id = u.id
  LEFT JOIN (SELECT p.finisher_id, count(*)::int AS completed_deals FROM projects p
    WHERE p.accepted_at IS NOT NULL AND EXISTS (SELECT 1 FROM bids b JOIN payments pay ON pay.bid_id = b.id
      WHERE b.project_id = p.id AND b.status IN ('accepted', 'paid', 'completed')
        AND pay.change_order_id IS NULL AND pay.status IN ('held', 'released'))
    GROUP BY p.finisher_id) c ON c.finisher_id = u.id;
