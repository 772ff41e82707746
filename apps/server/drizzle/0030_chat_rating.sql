ALTER TABLE "chat_sessions" ADD COLUMN "rating" smallint;--> statement-breakpoint
ALTER TABLE "chat_sessions" ADD COLUMN "rated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "chat_sessions" ADD CONSTRAINT "chat_sessions_rating_check" CHECK ("chat_sessions"."rating" between 1 and 5);