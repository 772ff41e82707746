CREATE TABLE "audit_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"project_id" integer,
	"device_id" integer,
	"actor" text,
	"actor_id" integer,
	"actor_role" smallint,
	"action" text NOT NULL,
	"target_type" text,
	"target_id" text,
	"target_name" text,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"ip" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_events_project_created_idx" ON "audit_events" USING btree ("project_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_events_project_device_idx" ON "audit_events" USING btree ("project_id","device_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_events_project_actor_idx" ON "audit_events" USING btree ("project_id","actor","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_events_project_action_idx" ON "audit_events" USING btree ("project_id","action" text_pattern_ops,"created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_events_created_idx" ON "audit_events" USING btree ("created_at");