-- Usernames are compared in one folded form (lib/usernames.ts), kept beside the name as typed.
-- SQL's lower() is close to that fold; the server recomputes every key with the exact fold at
-- start-up (db/username-keys.ts), so names SQL folds differently are set right there.
ALTER TABLE "users" ADD COLUMN "username_key" text;--> statement-breakpoint
UPDATE "users" SET "username_key" = lower(normalize("username", NFKC));--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "username_key" SET NOT NULL;--> statement-breakpoint
DROP INDEX "users_username_lower_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_key_idx" ON "users" USING btree ("username_key");
