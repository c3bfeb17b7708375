-- A word every project matching a saved search's query has (issue 30, decision 060, addendum).
-- querytree() keeps what an index can use (negated words go); the typo groups the search query
-- writes, ('typed' | 'nearest'), are removed, and with any other OR left no single word is required
-- (null). Otherwise the first plain lexeme is required: a project has it, or for a prefix term a
-- lexeme it starts. A lexeme with a quote or a backslash is passed over; with no other, the search is always tested.
CREATE FUNCTION saved_search_anchor(query tsquery) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE RETURNS NULL ON NULL INPUT
  AS $$
    SELECT CASE WHEN position('|' IN plain) > 0 THEN NULL ELSE (regexp_match(plain, '(^|[ (])''([^''\\]+)''(?!'')'))[2] END
    FROM (SELECT regexp_replace(querytree(query)::text, '\([^)]*\)', '', 'g') AS plain) AS q
  $$;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD COLUMN "anchor" text GENERATED ALWAYS AS (saved_search_anchor("saved_searches"."query")) STORED;--> statement-breakpoint
CREATE INDEX "saved_searches_anchor_idx" ON "saved_searches" USING btree ("anchor") WHERE "saved_searches"."anchor" is not null;--> statement-breakpoint
CREATE INDEX "saved_searches_unanchored_idx" ON "saved_searches" USING btree ("id") WHERE "saved_searches"."query" is not null and "saved_searches"."anchor" is null;--> statement-breakpoint
CREATE INDEX "saved_searches_tech_idx" ON "saved_searches" USING gin ("tech") WHERE "saved_searches"."query" is null;--> statement-breakpoint
CREATE INDEX "saved_searches_filters_only_idx" ON "saved_searches" USING btree ("id") WHERE "saved_searches"."query" is null and "saved_searches"."tech" = '{}'::text[];