CREATE INDEX "developer_records_head_search_idx" ON "developer_records" USING gin (ts_filter("search_vector", '{a,b}'::"char"[]));--> statement-breakpoint
-- The planner's statistics of the new expression (as in migration 0031): without them it takes every
-- word for rare in the username and skills alone.
ANALYZE developer_records;
