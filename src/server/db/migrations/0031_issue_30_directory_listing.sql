ALTER TABLE "developer_search" DISABLE ROW LEVEL SECURITY;--> statement-breakpoint
DROP TABLE "developer_search" CASCADE;--> statement-breakpoint
ALTER TABLE "developer_records" ADD COLUMN "role" "user_role" DEFAULT 'submitter' NOT NULL;--> statement-breakpoint
ALTER TABLE "developer_records" ADD COLUMN "available" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "developer_records" ADD COLUMN "skills" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "developer_records" ADD COLUMN "search_vector" "tsvector" DEFAULT ''::tsvector NOT NULL;--> statement-breakpoint
CREATE INDEX "developer_records_search_idx" ON "developer_records" USING gin ("search_vector");--> statement-breakpoint
-- Hand-written (decision 066): the directory reads one row per developer. The users trigger copies
-- what the listing filters and ranks by into developer_records (role, available, the skills
-- lowercased, the words), in the writing transaction, as it copied the hourly rate; developer_search,
-- the words' own table, is gone with its trigger.
DROP TRIGGER users_developer_search ON users;--> statement-breakpoint
DROP FUNCTION users_keep_developer_search();--> statement-breakpoint
DROP TRIGGER users_developer_record ON users;--> statement-breakpoint
CREATE OR REPLACE FUNCTION users_keep_developer_record() RETURNS trigger
  LANGUAGE plpgsql
  AS $$ BEGIN
    INSERT INTO developer_records (user_id, hourly_rate, role, available, skills, search_vector)
      VALUES (NEW.id, NEW.hourly_rate, NEW.role, NEW.onboarding_complete,
        array(SELECT lower(s) FROM unnest(NEW.skills) s), developer_search_vector(NEW.username, NEW.skills, NEW.bio))
      ON CONFLICT (user_id) DO UPDATE SET hourly_rate = EXCLUDED.hourly_rate, role = EXCLUDED.role,
        available = EXCLUDED.available, skills = EXCLUDED.skills, search_vector = EXCLUDED.search_vector;
    RETURN NULL;
  END $$;--> statement-breakpoint
CREATE TRIGGER users_developer_record AFTER INSERT OR UPDATE OF hourly_rate, role, onboarding_complete, skills, username, bio ON users
  FOR EACH ROW EXECUTE FUNCTION users_keep_developer_record();--> statement-breakpoint
UPDATE developer_records r SET role = u.role, available = u.onboarding_complete,
  skills = array(SELECT lower(s) FROM unnest(u.skills) s), search_vector = developer_search_vector(u.username, u.skills, u.bio)
  FROM users u WHERE u.id = r.user_id;--> statement-breakpoint
-- The planner's statistics of the new columns (the words above all): until autovacuum comes, a
-- directory search would be planned as if no developer had words.
ANALYZE developer_records;
