CREATE TABLE "developer_search" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"vector" "tsvector" NOT NULL
);
--> statement-breakpoint
DROP INDEX "users_directory_search_idx";--> statement-breakpoint
ALTER TABLE "developer_search" ADD CONSTRAINT "developer_search_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "developer_search_vector_idx" ON "developer_search" USING gin ("vector");--> statement-breakpoint
-- Hand-written: developer_search follows each user's username, skills and bio.
CREATE FUNCTION users_keep_developer_search() RETURNS trigger
  LANGUAGE plpgsql
  AS $$ BEGIN
    INSERT INTO developer_search (user_id, vector) VALUES (NEW.id, developer_search_vector(NEW.username, NEW.skills, NEW.bio))
      ON CONFLICT (user_id) DO UPDATE SET vector = EXCLUDED.vector;
    RETURN NULL;
  END $$;--> statement-breakpoint
CREATE TRIGGER users_developer_search AFTER INSERT OR UPDATE OF username, skills, bio ON users
  FOR EACH ROW EXECUTE FUNCTION users_keep_developer_search();--> statement-breakpoint
INSERT INTO developer_search (user_id, vector) SELECT id, developer_search_vector(username, skills, bio) FROM users;
