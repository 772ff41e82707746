ALTER TABLE "devices" ADD COLUMN "staff_pin_hash" text;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "unpaired_at" timestamp with time zone;