CREATE TABLE "event_run_activities" (
	"run_id" integer NOT NULL,
	"activity_key" text NOT NULL,
	"activity_index" integer NOT NULL,
	"activity_type" text NOT NULL,
	"reached_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_run_answers" (
	"id" serial PRIMARY KEY NOT NULL,
	"run_id" integer NOT NULL,
	"quiz_id" integer NOT NULL,
	"question_id" integer NOT NULL,
	"attempt" integer NOT NULL,
	"answer" text NOT NULL,
	"correct" boolean NOT NULL,
	"answered_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	"language" text NOT NULL,
	"event_version" integer NOT NULL,
	"activity_index" integer DEFAULT 0 NOT NULL,
	"activity_key" text,
	"step" text DEFAULT '' NOT NULL,
	"outcome" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" serial PRIMARY KEY NOT NULL,
	"device_id" integer NOT NULL,
	"title" text NOT NULL,
	"languages" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"flows" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"is_active" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quiz_pages" (
	"quiz_id" integer NOT NULL,
	"page_type" text NOT NULL,
	"is_on" boolean DEFAULT false NOT NULL,
	"contents" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quiz_questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"quiz_id" integer NOT NULL,
	"position" integer NOT NULL,
	"title" text NOT NULL,
	"max_attempt" integer DEFAULT 1 NOT NULL,
	"show_hints" boolean DEFAULT false NOT NULL,
	"contents" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quizzes" (
	"id" serial PRIMARY KEY NOT NULL,
	"device_id" integer NOT NULL,
	"name" text NOT NULL,
	"languages" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"random_pick" boolean DEFAULT false NOT NULL,
	"pick_count" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "event_run_activities" ADD CONSTRAINT "event_run_activities_run_id_event_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."event_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_run_answers" ADD CONSTRAINT "event_run_answers_run_id_event_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."event_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_runs" ADD CONSTRAINT "event_runs_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_runs" ADD CONSTRAINT "event_runs_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_pages" ADD CONSTRAINT "quiz_pages_quiz_id_quizzes_id_fk" FOREIGN KEY ("quiz_id") REFERENCES "public"."quizzes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_questions" ADD CONSTRAINT "quiz_questions_quiz_id_quizzes_id_fk" FOREIGN KEY ("quiz_id") REFERENCES "public"."quizzes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quizzes" ADD CONSTRAINT "quizzes_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "event_run_activities_pk_idx" ON "event_run_activities" USING btree ("run_id","activity_key");--> statement-breakpoint
CREATE UNIQUE INDEX "event_run_answers_attempt_idx" ON "event_run_answers" USING btree ("run_id","question_id","attempt");--> statement-breakpoint
CREATE INDEX "event_run_answers_question_idx" ON "event_run_answers" USING btree ("question_id");--> statement-breakpoint
CREATE INDEX "event_runs_event_idx" ON "event_runs" USING btree ("event_id","started_at");--> statement-breakpoint
CREATE INDEX "event_runs_live_idx" ON "event_runs" USING btree ("device_id") WHERE "event_runs"."ended_at" is null;--> statement-breakpoint
CREATE INDEX "events_device_idx" ON "events" USING btree ("device_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "events_one_active_idx" ON "events" USING btree ("device_id") WHERE "events"."is_active";--> statement-breakpoint
CREATE UNIQUE INDEX "quiz_pages_pk_idx" ON "quiz_pages" USING btree ("quiz_id","page_type");--> statement-breakpoint
CREATE INDEX "quiz_questions_quiz_idx" ON "quiz_questions" USING btree ("quiz_id","position");