CREATE TABLE "interface_sections" (
	"device_id" integer NOT NULL,
	"section_id" text NOT NULL,
	"components" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "interface_sections" ADD CONSTRAINT "interface_sections_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "interface_sections_pk_idx" ON "interface_sections" USING btree ("device_id","section_id");