-- A job can wait at a hosted provider (status at_provider) until its webhook comes; the webhook finds the job by its request id.
ALTER TABLE "jobs" DROP CONSTRAINT "jobs_status_check";--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "provider_notified_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "jobs_provider_request_idx" ON "jobs" USING btree ("provider","provider_request_id") WHERE "jobs"."provider_request_id" is not null;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_status_check" CHECK (status in ('queued', 'running', 'at_provider', 'succeeded', 'failed'));