CREATE TABLE "chat_availability" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"available" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chat_sessions" ADD COLUMN "rating" smallint;--> statement-breakpoint
ALTER TABLE "chat_sessions" ADD COLUMN "rated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "chat_availability" ADD CONSTRAINT "chat_availability_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_sessions" ADD CONSTRAINT "chat_sessions_rating_check" CHECK ("chat_sessions"."rating" between 1 and 5);