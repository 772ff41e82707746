CREATE TABLE "ai_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"device_id" integer NOT NULL,
	"parent_id" integer,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ai_entities" (
	"id" serial PRIMARY KEY NOT NULL,
	"device_id" integer NOT NULL,
	"keyword" text NOT NULL,
	"norm" text NOT NULL,
	"aliases" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ai_keywords" (
	"id" serial PRIMARY KEY NOT NULL,
	"topic_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	"language" text NOT NULL,
	"kind" text NOT NULL,
	"text" text NOT NULL,
	"norm" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ai_keywords_kind_check" CHECK ("ai_keywords"."kind" in ('keyword', 'phrase'))
);
--> statement-breakpoint
CREATE TABLE "ai_responses" (
	"id" serial PRIMARY KEY NOT NULL,
	"topic_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	"language" text NOT NULL,
	"device_type" text NOT NULL,
	"response_aim" text NOT NULL,
	"response_type" text NOT NULL,
	"speech" text DEFAULT '' NOT NULL,
	"custom_content" text DEFAULT '' NOT NULL,
	"contents" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ai_settings" (
	"device_id" integer PRIMARY KEY NOT NULL,
	"is_enabled_related_intents" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ai_topics" (
	"id" serial PRIMARY KEY NOT NULL,
	"device_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	"parent_id" integer,
	"name" text NOT NULL,
	"remarks" text DEFAULT '' NOT NULL,
	"is_activated" boolean DEFAULT true NOT NULL,
	"is_enabled_related_intents" boolean DEFAULT false NOT NULL,
	"avatar_motion" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ai_transfers" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"source_device_id" integer,
	"source_description" text NOT NULL,
	"device_id" integer NOT NULL,
	"snapshot" jsonb NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"restored_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "media" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"filename" text NOT NULL,
	"original_name" text NOT NULL,
	"mime" text NOT NULL,
	"size" integer NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ai_categories" ADD CONSTRAINT "ai_categories_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_categories" ADD CONSTRAINT "ai_categories_parent_id_ai_categories_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."ai_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_entities" ADD CONSTRAINT "ai_entities_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_keywords" ADD CONSTRAINT "ai_keywords_topic_id_ai_topics_id_fk" FOREIGN KEY ("topic_id") REFERENCES "public"."ai_topics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_keywords" ADD CONSTRAINT "ai_keywords_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_responses" ADD CONSTRAINT "ai_responses_topic_id_ai_topics_id_fk" FOREIGN KEY ("topic_id") REFERENCES "public"."ai_topics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_responses" ADD CONSTRAINT "ai_responses_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_settings" ADD CONSTRAINT "ai_settings_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_topics" ADD CONSTRAINT "ai_topics_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_topics" ADD CONSTRAINT "ai_topics_category_id_ai_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."ai_categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_topics" ADD CONSTRAINT "ai_topics_parent_id_ai_topics_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."ai_topics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_transfers" ADD CONSTRAINT "ai_transfers_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_transfers" ADD CONSTRAINT "ai_transfers_source_device_id_devices_id_fk" FOREIGN KEY ("source_device_id") REFERENCES "public"."devices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_transfers" ADD CONSTRAINT "ai_transfers_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ai_categories_name_idx" ON "ai_categories" USING btree ("device_id",coalesce("parent_id", 0),lower("name"));--> statement-breakpoint
CREATE INDEX "ai_categories_parent_idx" ON "ai_categories" USING btree ("parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ai_entities_norm_idx" ON "ai_entities" USING btree ("device_id","norm");--> statement-breakpoint
CREATE UNIQUE INDEX "ai_keywords_topic_norm_idx" ON "ai_keywords" USING btree ("topic_id","language","norm");--> statement-breakpoint
CREATE INDEX "ai_keywords_device_norm_idx" ON "ai_keywords" USING btree ("device_id","language","norm");--> statement-breakpoint
CREATE INDEX "ai_responses_topic_idx" ON "ai_responses" USING btree ("topic_id","language");--> statement-breakpoint
CREATE UNIQUE INDEX "ai_topics_name_idx" ON "ai_topics" USING btree ("device_id",lower("name"));--> statement-breakpoint
CREATE INDEX "ai_topics_category_idx" ON "ai_topics" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "ai_topics_parent_idx" ON "ai_topics" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "ai_transfers_dest_idx" ON "ai_transfers" USING btree ("device_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "media_filename_idx" ON "media" USING btree ("filename");--> statement-breakpoint
CREATE INDEX "media_project_idx" ON "media" USING btree ("project_id");