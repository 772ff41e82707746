CREATE TABLE "ai_live_versions" (
	"device_id" integer PRIMARY KEY NOT NULL,
	"version_id" integer NOT NULL,
	"published_by" text NOT NULL,
	"published_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ai_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"device_id" integer NOT NULL,
	"number" integer NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"image" jsonb NOT NULL,
	"topics" integer NOT NULL,
	"phrases" integer NOT NULL,
	"responses" integer NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ai_live_versions" ADD CONSTRAINT "ai_live_versions_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_live_versions" ADD CONSTRAINT "ai_live_versions_version_id_ai_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."ai_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_versions" ADD CONSTRAINT "ai_versions_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ai_versions_number_idx" ON "ai_versions" USING btree ("device_id","number");