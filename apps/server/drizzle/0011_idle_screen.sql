CREATE TABLE "idle_screen_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"device_id" integer NOT NULL,
	"kind" text NOT NULL,
	"media_id" integer NOT NULL,
	"position" integer NOT NULL,
	"duration_s" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idle_screen_items_kind_check" CHECK ("idle_screen_items"."kind" in ('image', 'video')),
	CONSTRAINT "idle_screen_items_duration_check" CHECK (("idle_screen_items"."kind" = 'video' and "idle_screen_items"."duration_s" is null) or ("idle_screen_items"."kind" = 'image' and "idle_screen_items"."duration_s" between 3 and 300))
);
--> statement-breakpoint
CREATE TABLE "idle_screen_settings" (
	"device_id" integer PRIMARY KEY NOT NULL,
	"media_type" text DEFAULT 'image' NOT NULL,
	"idle_timeout_s" integer DEFAULT 60 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idle_screen_settings_media_type_check" CHECK ("idle_screen_settings"."media_type" in ('image', 'video')),
	CONSTRAINT "idle_screen_settings_timeout_check" CHECK ("idle_screen_settings"."idle_timeout_s" between 15 and 3600)
);
--> statement-breakpoint
ALTER TABLE "idle_screen_items" ADD CONSTRAINT "idle_screen_items_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idle_screen_items" ADD CONSTRAINT "idle_screen_items_media_id_media_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."media"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idle_screen_settings" ADD CONSTRAINT "idle_screen_settings_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "idle_screen_items_device_idx" ON "idle_screen_items" USING btree ("device_id","kind","position");