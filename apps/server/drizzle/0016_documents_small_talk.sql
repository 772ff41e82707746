CREATE TABLE "jobs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"key" text,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 3 NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_at" timestamp with time zone,
	"locked_by" text,
	"progress" smallint DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "jobs_status_check" CHECK ("jobs"."status" in ('queued', 'running', 'done', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "mrc_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"device_id" integer NOT NULL,
	"media_id" integer,
	"filename" text NOT NULL,
	"format" text NOT NULL,
	"size" bigint NOT NULL,
	"status" text DEFAULT 'Scanning' NOT NULL,
	"failure" text,
	"failure_detail" text,
	"pages" integer,
	"language" text,
	"characters" integer,
	"passages" integer DEFAULT 0 NOT NULL,
	"scan_ms" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"scanned_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mrc_documents_status_check" CHECK ("mrc_documents"."status" in ('Scanning', 'Ready', 'Failed', 'Removed'))
);
--> statement-breakpoint
CREATE TABLE "mrc_passages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"document_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	"ordinal" integer NOT NULL,
	"page" integer,
	"heading" text,
	"text" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "small_talk_lists" (
	"device_id" integer NOT NULL,
	"language" text NOT NULL,
	"items" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "small_talk_settings" (
	"device_id" integer PRIMARY KEY NOT NULL,
	"is_enabled_smalltalk" boolean DEFAULT true NOT NULL,
	"is_enabled_topic_filter" boolean DEFAULT false NOT NULL,
	"prompt" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "small_talk_topic_filters" (
	"device_id" integer NOT NULL,
	"language" text NOT NULL,
	"topics" text[] DEFAULT '{}'::text[] NOT NULL,
	"speech" text DEFAULT '' NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "conversations" DROP CONSTRAINT "conversations_status_check";--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "source" jsonb;--> statement-breakpoint
ALTER TABLE "mrc_documents" ADD CONSTRAINT "mrc_documents_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mrc_documents" ADD CONSTRAINT "mrc_documents_media_id_media_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mrc_documents" ADD CONSTRAINT "mrc_documents_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mrc_passages" ADD CONSTRAINT "mrc_passages_document_id_mrc_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."mrc_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mrc_passages" ADD CONSTRAINT "mrc_passages_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "small_talk_lists" ADD CONSTRAINT "small_talk_lists_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "small_talk_lists" ADD CONSTRAINT "small_talk_lists_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "small_talk_settings" ADD CONSTRAINT "small_talk_settings_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "small_talk_topic_filters" ADD CONSTRAINT "small_talk_topic_filters_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "jobs" USING btree ("run_at","id") WHERE "jobs"."status" in ('queued', 'running');--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_key_idx" ON "jobs" USING btree ("key") WHERE "jobs"."key" is not null and "jobs"."status" in ('queued', 'running');--> statement-breakpoint
CREATE INDEX "jobs_finished_idx" ON "jobs" USING btree ("finished_at") WHERE "jobs"."finished_at" is not null;--> statement-breakpoint
CREATE INDEX "mrc_documents_device_idx" ON "mrc_documents" USING btree ("device_id","created_at");--> statement-breakpoint
CREATE INDEX "mrc_documents_media_idx" ON "mrc_documents" USING btree ("media_id");--> statement-breakpoint
CREATE INDEX "mrc_passages_device_idx" ON "mrc_passages" USING btree ("device_id");--> statement-breakpoint
CREATE UNIQUE INDEX "mrc_passages_document_idx" ON "mrc_passages" USING btree ("document_id","ordinal");--> statement-breakpoint
CREATE UNIQUE INDEX "small_talk_lists_pk_idx" ON "small_talk_lists" USING btree ("device_id","language");--> statement-breakpoint
CREATE UNIQUE INDEX "small_talk_topic_filters_pk_idx" ON "small_talk_topic_filters" USING btree ("device_id","language");--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_status_check" CHECK ("conversations"."status" in ('answered', 'fallback', 'document', 'small_talk', 'declined'));