CREATE TABLE "avatar_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"avatar_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "avatars" (
	"id" serial PRIMARY KEY NOT NULL,
	"device_id" integer NOT NULL,
	"name" text NOT NULL,
	"photo_media_id" integer NOT NULL,
	"texture_media_id" integer,
	"status" text DEFAULT 'queued' NOT NULL,
	"progress" smallint DEFAULT 0 NOT NULL,
	"failure" text,
	"failure_detail" text,
	"is_in_use" boolean DEFAULT false NOT NULL,
	"face" jsonb,
	"model" jsonb,
	"production_ms" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"produced_at" timestamp with time zone,
	CONSTRAINT "avatars_status_check" CHECK ("avatars"."status" in ('queued', 'producing', 'ready', 'failed')),
	CONSTRAINT "avatars_progress_check" CHECK ("avatars"."progress" between 0 and 100)
);
--> statement-breakpoint
ALTER TABLE "avatar_tokens" ADD CONSTRAINT "avatar_tokens_avatar_id_avatars_id_fk" FOREIGN KEY ("avatar_id") REFERENCES "public"."avatars"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "avatars" ADD CONSTRAINT "avatars_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "avatars" ADD CONSTRAINT "avatars_photo_media_id_media_id_fk" FOREIGN KEY ("photo_media_id") REFERENCES "public"."media"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "avatars" ADD CONSTRAINT "avatars_texture_media_id_media_id_fk" FOREIGN KEY ("texture_media_id") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "avatars" ADD CONSTRAINT "avatars_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "avatar_tokens_expires_idx" ON "avatar_tokens" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "avatars_device_idx" ON "avatars" USING btree ("device_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "avatars_in_use_idx" ON "avatars" USING btree ("device_id") WHERE "avatars"."is_in_use";--> statement-breakpoint
-- Gestures are now ones a portrait (head and shoulders) can make: topics that named a gesture
-- needing hands get the nearest one (contracts LEGACY_AVATAR_MOTIONS).
UPDATE "ai_topics" SET "avatar_motion" = CASE "avatar_motion" WHEN 'wave' THEN 'tilt' WHEN 'point' THEN 'lean_in' WHEN 'thumbs_up' THEN 'nod' END WHERE "avatar_motion" IN ('wave', 'point', 'thumbs_up');
