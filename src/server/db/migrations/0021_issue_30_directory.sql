-- Hand-written (issue 30, item 4): the developer directory's text search. The words of the username
-- (weight A), the skills (B) and the bio (C), in the 'simple' configuration (no stemming: usernames
-- and skill names are not English words). Declared immutable so an index can hold it:
-- array_to_string is only stable in general, but for text[] its answer never changes.
CREATE FUNCTION developer_search_vector(username text, skills text[], bio text) RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT setweight(to_tsvector('simple', coalesce(username, '')), 'A')
    || setweight(to_tsvector('simple', coalesce(array_to_string(skills, ' '), '')), 'B')
    || setweight(to_tsvector('simple', coalesce(bio, '')), 'C') $$;--> statement-breakpoint
CREATE INDEX "users_directory_search_idx" ON "users" USING gin (developer_search_vector("username", "skills", "bio"));
