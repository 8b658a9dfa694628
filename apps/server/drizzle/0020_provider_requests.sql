CREATE TABLE "provider_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"job_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"model" text NOT NULL,
	"request_id" text NOT NULL,
	"state" text DEFAULT 'live' NOT NULL,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	"cancel_requested_at" timestamp with time zone,
	"cost_micro_usd" integer,
	CONSTRAINT "provider_requests_provider_check" CHECK (provider in ('fal', 'replicate', 'openai', 'elevenlabs', 'fashn', 'removebg')),
	CONSTRAINT "provider_requests_state_check" CHECK (state in ('live', 'succeeded', 'failed', 'cancelled'))
);
--> statement-breakpoint
ALTER TABLE "provider_requests" ADD CONSTRAINT "provider_requests_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "provider_requests_provider_request_idx" ON "provider_requests" USING btree ("provider","request_id");--> statement-breakpoint
CREATE INDEX "provider_requests_job_idx" ON "provider_requests" USING btree ("job_id");