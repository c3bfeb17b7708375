CREATE TABLE "technology_counts" (
	"name" text PRIMARY KEY NOT NULL,
	"listed" integer NOT NULL
);
--> statement-breakpoint
-- Hand-written: technology_counts follows each project's stack and status. The changes are applied
-- in name order, so two projects written at once take the counters' locks in the same order.
CREATE FUNCTION projects_count_technologies() RETURNS trigger
  LANGUAGE plpgsql
  AS $$ DECLARE
    gone text[] := '{}';
    came text[] := '{}';
  BEGIN
    IF TG_OP <> 'INSERT' AND OLD.status IN ('open', 'active') THEN gone := OLD.tech_stack; END IF;
    IF TG_OP <> 'DELETE' AND NEW.status IN ('open', 'active') THEN came := NEW.tech_stack; END IF;
    INSERT INTO technology_counts AS c (name, listed)
      SELECT name, sum(delta)::int FROM (
        SELECT DISTINCT unnest(gone) AS name, -1 AS delta
        UNION ALL
        SELECT DISTINCT unnest(came), 1
      ) AS changes
      GROUP BY name HAVING sum(delta) <> 0 ORDER BY name
      ON CONFLICT (name) DO UPDATE SET listed = c.listed + EXCLUDED.listed;
    RETURN NULL;
  END $$;--> statement-breakpoint
CREATE TRIGGER projects_technology_counts AFTER INSERT OR DELETE OR UPDATE OF tech_stack, status ON projects
  FOR EACH ROW EXECUTE FUNCTION projects_count_technologies();--> statement-breakpoint
INSERT INTO technology_counts (name, listed)
  SELECT name, count(*)::int FROM (SELECT DISTINCT p.id, unnest(p.tech_stack) AS name FROM projects p WHERE p.status IN ('open', 'active')) AS used GROUP BY name;
