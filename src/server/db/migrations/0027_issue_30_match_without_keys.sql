ALTER TABLE "saved_search_matches" DROP CONSTRAINT "saved_search_matches_saved_search_id_saved_searches_id_fk";
--> statement-breakpoint
ALTER TABLE "saved_search_matches" DROP CONSTRAINT "saved_search_matches_project_id_projects_id_fk";
--> statement-breakpoint
ALTER TABLE "saved_search_matches" DROP CONSTRAINT "saved_search_matches_user_id_users_id_fk";
--> statement-breakpoint
DROP INDEX "saved_search_matches_search_project_key";--> statement-breakpoint
-- Reordered by hand: the serial id (and with it the old primary key) goes before the new key comes.
ALTER TABLE "saved_search_matches" DROP COLUMN "id";--> statement-breakpoint
ALTER TABLE "saved_search_matches" ADD CONSTRAINT "saved_search_matches_pkey" PRIMARY KEY("saved_search_id","project_id");
--> statement-breakpoint
-- Hand-written: a saved search's matches go with it (its own delete, or its user's, which cascades
-- to saved_searches). A match of a deleted project stays until its search goes; every reader joins
-- projects, so it is never read.
CREATE FUNCTION saved_searches_forget_matches() RETURNS trigger
  LANGUAGE plpgsql
  AS $$ BEGIN
    DELETE FROM saved_search_matches WHERE saved_search_id = OLD.id;
    RETURN NULL;
  END $$;--> statement-breakpoint
CREATE TRIGGER saved_searches_matches AFTER DELETE ON saved_searches
  FOR EACH ROW EXECUTE FUNCTION saved_searches_forget_matches();
