-- A device's own answer confidence (null = the matcher's default), and each fallback's best
-- candidate topic so Conversation Review can teach it in one click. No backfill: older fallbacks
-- were logged without their candidate. From now on a fallback's `score` is its candidate's.
ALTER TABLE "ai_settings" ADD COLUMN "answer_confidence" real;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "candidate_intent_id" integer;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_candidate_intent_id_ai_topics_id_fk" FOREIGN KEY ("candidate_intent_id") REFERENCES "public"."ai_topics"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conversations_candidate_idx" ON "conversations" USING btree ("candidate_intent_id") WHERE "conversations"."candidate_intent_id" is not null;--> statement-breakpoint
ALTER TABLE "ai_settings" ADD CONSTRAINT "ai_settings_answer_confidence_check" CHECK ("ai_settings"."answer_confidence" is null or "ai_settings"."answer_confidence" between 0.05 and 0.95);