CREATE TABLE "directory_unit_texts" (
	"unit_id" integer NOT NULL,
	"language" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "directory_units" (
	"id" serial PRIMARY KEY NOT NULL,
	"device_id" integer NOT NULL,
	"unit_no" text NOT NULL,
	"logo_media_id" integer,
	"phone" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"live_chat" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "directory_unit_texts" ADD CONSTRAINT "directory_unit_texts_unit_id_directory_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."directory_units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "directory_units" ADD CONSTRAINT "directory_units_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "directory_units" ADD CONSTRAINT "directory_units_logo_media_id_media_id_fk" FOREIGN KEY ("logo_media_id") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "directory_unit_texts_pk_idx" ON "directory_unit_texts" USING btree ("unit_id","language");--> statement-breakpoint
CREATE UNIQUE INDEX "directory_units_device_unit_idx" ON "directory_units" USING btree ("device_id",lower("unit_no"));