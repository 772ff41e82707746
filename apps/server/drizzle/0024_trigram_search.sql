-- pg_trgm is a trusted extension (PostgreSQL 13+): the database's owner may create it. PGlite loads its
-- bundled copy (db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "conversations_acquire_trgm_idx" ON "conversations" USING gin (lower("acquire") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "conversations_reply_trgm_idx" ON "conversations" USING gin (lower("reply") gin_trgm_ops);--> statement-breakpoint
-- The planner weighs the trigram indexes against the (device_id, at) range by the expressions'
-- statistics, which only ANALYZE gathers; autovacuum would not for a long time on a large log
-- (a week's search took 300 ms through the trigram index instead of 25 ms along the range).
ANALYZE "conversations";
