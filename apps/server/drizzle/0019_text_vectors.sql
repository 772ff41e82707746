CREATE TABLE "text_vectors" (
	"device_id" integer NOT NULL,
	"source" text NOT NULL,
	"model" text NOT NULL,
	"kind" text NOT NULL,
	"text_hash" text NOT NULL,
	"dim" smallint NOT NULL,
	"vector" bytea NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "text_vectors" ADD CONSTRAINT "text_vectors_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "text_vectors_pk_idx" ON "text_vectors" USING btree ("device_id","source","model","kind","text_hash");