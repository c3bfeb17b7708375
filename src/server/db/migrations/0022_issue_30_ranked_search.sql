-- Hand-written (issue 30, item 2; decision 062): what text search matches and ranks. The name
-- (weight A), the technologies (B) and the description (C) as English lexemes. Declared immutable so
-- a stored generated column can hold it: array_to_string is only stable in general, but for text[]
-- its answer never changes.
CREATE FUNCTION project_search_vector(name text, tech_stack text[], description text) RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT setweight(to_tsvector('english', coalesce(name, '')), 'A')
    || setweight(to_tsvector('english', coalesce(array_to_string(tech_stack, ' '), '')), 'B')
    || setweight(to_tsvector('english', coalesce(description, '')), 'C') $$;--> statement-breakpoint
CREATE TABLE "search_words" (
	"word" text COLLATE "C" PRIMARY KEY NOT NULL
);
--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "bid_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (project_search_vector("projects"."name", "projects"."tech_stack", "projects"."description")) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "projects_listed_created_idx" ON "projects" USING btree ("created_at","id") WHERE status IN ('open', 'active');--> statement-breakpoint
CREATE INDEX "projects_listed_budget_desc_idx" ON "projects" USING btree ((coalesce("budget_cents", -1)),"created_at","id") WHERE status IN ('open', 'active');--> statement-breakpoint
CREATE INDEX "projects_listed_budget_asc_idx" ON "projects" USING btree ((-coalesce("budget_cents", 1000000000000000)),"created_at","id") WHERE status IN ('open', 'active');--> statement-breakpoint
CREATE INDEX "projects_listed_bids_idx" ON "projects" USING btree ((-"bid_count"),"created_at","id") WHERE status IN ('open', 'active');--> statement-breakpoint
CREATE INDEX "projects_search_vector_idx" ON "projects" USING gin ("search_vector");--> statement-breakpoint
-- Hand-written: the vocabulary of search words, kept by a trigger. Words are only added (a word no
-- project uses any more costs a row and finds nothing), so concurrent writers never wait on a count.
CREATE FUNCTION projects_remember_search_words() RETURNS trigger
  LANGUAGE plpgsql
  AS $$ BEGIN
    INSERT INTO search_words (word) SELECT unnest(tsvector_to_array(NEW.search_vector)) ON CONFLICT DO NOTHING;
    RETURN NULL;
  END $$;--> statement-breakpoint
CREATE TRIGGER projects_search_words AFTER INSERT OR UPDATE OF name, description, tech_stack ON projects
  FOR EACH ROW EXECUTE FUNCTION projects_remember_search_words();--> statement-breakpoint
INSERT INTO search_words (word) SELECT DISTINCT unnest(tsvector_to_array(search_vector)) FROM projects ON CONFLICT DO NOTHING;--> statement-breakpoint
-- Hand-written: projects.bid_count follows the bids table (browse shows it and sorts by it).
CREATE FUNCTION bids_count_on_project() RETURNS trigger
  LANGUAGE plpgsql
  AS $$ BEGIN
    IF TG_OP = 'INSERT' THEN
      UPDATE projects SET bid_count = bid_count + 1 WHERE id = NEW.project_id;
    ELSE
      UPDATE projects SET bid_count = bid_count - 1 WHERE id = OLD.project_id;
    END IF;
    RETURN NULL;
  END $$;--> statement-breakpoint
CREATE TRIGGER bids_count AFTER INSERT OR DELETE ON bids
  FOR EACH ROW EXECUTE FUNCTION bids_count_on_project();--> statement-breakpoint
UPDATE projects SET bid_count = counted.n FROM (SELECT project_id, count(*)::int AS n FROM bids GROUP BY project_id) counted WHERE counted.project_id = projects.id;
