ALTER TABLE "chat_sessions" ADD COLUMN "read_at" timestamp with time zone;--> statement-breakpoint
-- Chats from before this column was tracked: count as seen, so only their unread messages (if any)
-- make them wait for staff; otherwise every old open chat would suddenly show in the badge.
UPDATE "chat_sessions" SET "read_at" = "created_at";
