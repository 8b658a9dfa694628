CREATE TABLE "provider_budget_days" (
	"day" date NOT NULL,
	"scope" text NOT NULL,
	"reserved_micro_usd" bigint DEFAULT 0 NOT NULL,
	"spent_micro_usd" bigint DEFAULT 0 NOT NULL,
	"alerted_percent" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "provider_budget_days_day_scope_pk" PRIMARY KEY("day","scope"),
	CONSTRAINT "provider_budget_days_amounts_check" CHECK ("provider_budget_days"."reserved_micro_usd" >= 0 and "provider_budget_days"."spent_micro_usd" >= 0)
);
--> statement-breakpoint
CREATE TABLE "provider_budget_holds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"job_id" uuid,
	"provider" text NOT NULL,
	"model" text NOT NULL,
	"day" date NOT NULL,
	"reserved_micro_usd" bigint NOT NULL,
	"request_id" text,
	"state" text DEFAULT 'reserved' NOT NULL,
	"spent_micro_usd" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	CONSTRAINT "provider_budget_holds_state_check" CHECK (state in ('reserved', 'settled', 'released'))
);
--> statement-breakpoint
CREATE TABLE "provider_circuits" (
	"key" text PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"open_until" timestamp with time zone,
	"trial_until" timestamp with time zone,
	"last_failure_at" timestamp with time zone,
	"last_success_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "provider_budget_holds" ADD CONSTRAINT "provider_budget_holds_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "provider_budget_holds_open_job_idx" ON "provider_budget_holds" USING btree ("job_id") WHERE "provider_budget_holds"."state" = 'reserved';--> statement-breakpoint
CREATE UNIQUE INDEX "provider_budget_holds_request_idx" ON "provider_budget_holds" USING btree ("provider","request_id");