CREATE TABLE "call_settings" (
	"device_id" integer PRIMARY KEY NOT NULL,
	"offline_hours" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"time_zone" text DEFAULT 'UTC' NOT NULL,
	"offline_response" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"notification" jsonb DEFAULT '{"banner":true,"sound":true,"desktop":false,"ring_seconds":45}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "calls" (
	"id" uuid PRIMARY KEY NOT NULL,
	"device_id" integer NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ring_until" timestamp with time zone NOT NULL,
	"answered_at" timestamp with time zone,
	"answered_by" integer,
	"answered_by_name" text,
	"answered_client" text,
	"ended_at" timestamp with time zone,
	CONSTRAINT "calls_status_check" CHECK ("calls"."status" in ('ringing', 'answered', 'ended', 'missed'))
);
--> statement-breakpoint
CREATE TABLE "chat_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"session_id" uuid NOT NULL,
	"sent_by_admin" boolean NOT NULL,
	"user_id" integer,
	"sender" text,
	"message" text NOT NULL,
	"client_id" text,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_sessions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"device_id" integer NOT NULL,
	"visitor_session_id" uuid,
	"language" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"mobile" text DEFAULT '' NOT NULL,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_message_at" timestamp with time zone,
	"last_message" text,
	"unread" integer DEFAULT 0 NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "push_deliveries" (
	"push_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"delivered_at" timestamp with time zone,
	CONSTRAINT "push_deliveries_status_check" CHECK ("push_deliveries"."status" in ('pending', 'delivered', 'expired'))
);
--> statement-breakpoint
CREATE TABLE "pushes" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"texts" jsonb NOT NULL,
	"image_url" text,
	"duration_seconds" integer NOT NULL,
	"speak" boolean NOT NULL,
	"created_by" integer,
	"created_by_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "call_settings" ADD CONSTRAINT "call_settings_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_answered_by_users_id_fk" FOREIGN KEY ("answered_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_session_id_chat_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."chat_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_sessions" ADD CONSTRAINT "chat_sessions_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_sessions" ADD CONSTRAINT "chat_sessions_visitor_session_id_visitor_sessions_id_fk" FOREIGN KEY ("visitor_session_id") REFERENCES "public"."visitor_sessions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_deliveries" ADD CONSTRAINT "push_deliveries_push_id_pushes_id_fk" FOREIGN KEY ("push_id") REFERENCES "public"."pushes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_deliveries" ADD CONSTRAINT "push_deliveries_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pushes" ADD CONSTRAINT "pushes_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pushes" ADD CONSTRAINT "pushes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "calls_device_created_idx" ON "calls" USING btree ("device_id","created_at");--> statement-breakpoint
CREATE INDEX "calls_ringing_idx" ON "calls" USING btree ("ring_until") WHERE "calls"."status" = 'ringing';--> statement-breakpoint
CREATE INDEX "chat_messages_session_idx" ON "chat_messages" USING btree ("session_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "chat_messages_client_idx" ON "chat_messages" USING btree ("session_id","client_id") WHERE "chat_messages"."client_id" is not null;--> statement-breakpoint
CREATE INDEX "chat_sessions_device_activity_idx" ON "chat_sessions" USING btree ("device_id","last_message_at","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "push_deliveries_pk_idx" ON "push_deliveries" USING btree ("push_id","device_id");--> statement-breakpoint
CREATE INDEX "push_deliveries_pending_idx" ON "push_deliveries" USING btree ("device_id") WHERE "push_deliveries"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "pushes_project_created_idx" ON "pushes" USING btree ("project_id","created_at");