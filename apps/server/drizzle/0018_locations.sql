CREATE TABLE "kiosk_positions" (
	"device_id" integer PRIMARY KEY NOT NULL,
	"map_id" integer NOT NULL,
	"x" real NOT NULL,
	"y" real NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "kiosk_positions_point_check" CHECK ("kiosk_positions"."x" between 0 and 1 and "kiosk_positions"."y" between 0 and 1)
);
--> statement-breakpoint
CREATE TABLE "location_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"device_id" integer NOT NULL,
	"parent_id" integer,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "location_category_links" (
	"location_id" integer NOT NULL,
	"category_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "location_maps" (
	"id" serial PRIMARY KEY NOT NULL,
	"device_id" integer NOT NULL,
	"name" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"media_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "locations" (
	"id" serial PRIMARY KEY NOT NULL,
	"device_id" integer NOT NULL,
	"name" text NOT NULL,
	"map_id" integer,
	"poi_x" real,
	"poi_y" real,
	"image" text DEFAULT '' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"selected_details" text[] DEFAULT '{}'::text[] NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"aliases" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "locations_poi_check" CHECK (("locations"."map_id" is null and "locations"."poi_x" is null and "locations"."poi_y" is null) or ("locations"."map_id" is not null and "locations"."poi_x" between 0 and 1 and "locations"."poi_y" between 0 and 1))
);
--> statement-breakpoint
ALTER TABLE "conversations" DROP CONSTRAINT "conversations_status_check";--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "location_id" integer;--> statement-breakpoint
ALTER TABLE "kiosk_positions" ADD CONSTRAINT "kiosk_positions_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kiosk_positions" ADD CONSTRAINT "kiosk_positions_map_id_location_maps_id_fk" FOREIGN KEY ("map_id") REFERENCES "public"."location_maps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "location_categories" ADD CONSTRAINT "location_categories_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "location_categories" ADD CONSTRAINT "location_categories_parent_id_location_categories_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."location_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "location_category_links" ADD CONSTRAINT "location_category_links_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "location_category_links" ADD CONSTRAINT "location_category_links_category_id_location_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."location_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "location_maps" ADD CONSTRAINT "location_maps_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "location_maps" ADD CONSTRAINT "location_maps_media_id_media_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."media"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_map_id_location_maps_id_fk" FOREIGN KEY ("map_id") REFERENCES "public"."location_maps"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "location_categories_name_idx" ON "location_categories" USING btree ("device_id",coalesce("parent_id", 0),lower("name"));--> statement-breakpoint
CREATE INDEX "location_categories_parent_idx" ON "location_categories" USING btree ("parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "location_category_links_pk_idx" ON "location_category_links" USING btree ("location_id","category_id");--> statement-breakpoint
CREATE INDEX "location_category_links_category_idx" ON "location_category_links" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "location_maps_device_idx" ON "location_maps" USING btree ("device_id","position");--> statement-breakpoint
CREATE INDEX "locations_device_idx" ON "locations" USING btree ("device_id",lower("name"));--> statement-breakpoint
CREATE INDEX "locations_map_idx" ON "locations" USING btree ("map_id");--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conversations_location_idx" ON "conversations" USING btree ("location_id") WHERE "conversations"."location_id" is not null;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_status_check" CHECK ("conversations"."status" in ('answered', 'fallback', 'location', 'document', 'small_talk', 'declined'));