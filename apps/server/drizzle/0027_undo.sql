CREATE TABLE "undo_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"device_id" integer,
	"kind" text NOT NULL,
	"count" integer NOT NULL,
	"label" text DEFAULT '' NOT NULL,
	"before" jsonb NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"undone_at" timestamp with time zone,
	"undone_by" text
);
--> statement-breakpoint
ALTER TABLE "undo_entries" ADD CONSTRAINT "undo_entries_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "undo_entries" ADD CONSTRAINT "undo_entries_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "undo_entries_project_idx" ON "undo_entries" USING btree ("project_id","created_at");--> statement-breakpoint
CREATE INDEX "undo_entries_expires_idx" ON "undo_entries" USING btree ("expires_at");