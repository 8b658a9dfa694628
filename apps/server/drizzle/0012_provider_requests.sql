-- Which hosted provider ran a job, its request id (stored before the worker waits, so a restarted worker resumes it), time and cost.
ALTER TABLE "jobs" ADD COLUMN "provider" text;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "provider_model" text;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "provider_request_id" text;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "provider_submitted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "provider_time_ms" integer;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "provider_cost_micro_usd" integer;--> statement-breakpoint
CREATE INDEX "jobs_provider_finished_idx" ON "jobs" USING btree ("provider","finished_at");