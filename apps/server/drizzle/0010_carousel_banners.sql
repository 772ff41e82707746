CREATE TABLE "carousel_banners" (
	"id" serial PRIMARY KEY NOT NULL,
	"device_id" integer NOT NULL,
	"media_id" integer NOT NULL,
	"position" integer NOT NULL,
	"link_topic_id" integer,
	"show_from" timestamp with time zone,
	"show_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "carousel_banners" ADD CONSTRAINT "carousel_banners_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carousel_banners" ADD CONSTRAINT "carousel_banners_media_id_media_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."media"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carousel_banners" ADD CONSTRAINT "carousel_banners_link_topic_id_ai_topics_id_fk" FOREIGN KEY ("link_topic_id") REFERENCES "public"."ai_topics"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "carousel_banners_device_idx" ON "carousel_banners" USING btree ("device_id","position");