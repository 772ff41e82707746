CREATE TABLE "conversations" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"device_id" integer NOT NULL,
	"session_id" uuid,
	"at" timestamp with time zone NOT NULL,
	"acquire" text NOT NULL,
	"reply" text NOT NULL,
	"language" text NOT NULL,
	"intent_id" integer,
	"intent_name" text,
	"category_name" text,
	"response_time_ms" integer NOT NULL,
	"score" real,
	"status" text NOT NULL,
	"rating" smallint,
	"comment" text DEFAULT '' NOT NULL,
	"bookmarked" boolean DEFAULT false NOT NULL,
	"idempotency_key" text,
	"trained_intent_id" integer,
	"trained_at" timestamp with time zone,
	CONSTRAINT "conversations_status_check" CHECK ("conversations"."status" in ('answered', 'fallback')),
	CONSTRAINT "conversations_rating_check" CHECK ("conversations"."rating" is null or "conversations"."rating" in (1, -1))
);
--> statement-breakpoint
CREATE TABLE "device_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"device_id" integer NOT NULL,
	"key_hash" text NOT NULL,
	"prefix" text NOT NULL,
	"label" text DEFAULT 'console' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "visitor_sessions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"device_id" integer NOT NULL,
	"language" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"last_activity_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"questions" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "languages" jsonb DEFAULT '["english","cantonese","mandarin"]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "last_seen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_session_id_visitor_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."visitor_sessions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_intent_id_ai_topics_id_fk" FOREIGN KEY ("intent_id") REFERENCES "public"."ai_topics"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_trained_intent_id_ai_topics_id_fk" FOREIGN KEY ("trained_intent_id") REFERENCES "public"."ai_topics"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_keys" ADD CONSTRAINT "device_keys_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visitor_sessions" ADD CONSTRAINT "visitor_sessions_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conversations_device_at_idx" ON "conversations" USING btree ("device_id","at","id","status","intent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "conversations_idempotency_idx" ON "conversations" USING btree ("device_id","idempotency_key") WHERE "conversations"."idempotency_key" is not null;--> statement-breakpoint
CREATE INDEX "conversations_bookmarked_idx" ON "conversations" USING btree ("device_id","at") WHERE "conversations"."bookmarked";--> statement-breakpoint
CREATE INDEX "conversations_session_idx" ON "conversations" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "conversations_device_category_idx" ON "conversations" USING btree ("device_id","category_name") WHERE "conversations"."category_name" is not null;--> statement-breakpoint
CREATE INDEX "conversations_intent_idx" ON "conversations" USING btree ("intent_id");--> statement-breakpoint
CREATE INDEX "conversations_trained_idx" ON "conversations" USING btree ("trained_intent_id") WHERE "conversations"."trained_intent_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "device_keys_hash_idx" ON "device_keys" USING btree ("key_hash");--> statement-breakpoint
CREATE INDEX "device_keys_device_idx" ON "device_keys" USING btree ("device_id");--> statement-breakpoint
CREATE INDEX "visitor_sessions_device_started_idx" ON "visitor_sessions" USING btree ("device_id","started_at","questions","ended_at","last_activity_at");