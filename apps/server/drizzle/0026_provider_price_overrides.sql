CREATE TABLE "below_cost_allowances" (
	"service" text PRIMARY KEY NOT NULL,
	"allowed" boolean NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "provider_price_overrides" (
	"provider" text NOT NULL,
	"model" text NOT NULL,
	"rate" text NOT NULL,
	"usd_per_unit" double precision NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "provider_price_overrides_provider_model_rate_pk" PRIMARY KEY("provider","model","rate"),
	CONSTRAINT "provider_price_overrides_usd_check" CHECK ("provider_price_overrides"."usd_per_unit" >= 0)
);
--> statement-breakpoint
ALTER TABLE "below_cost_allowances" ADD CONSTRAINT "below_cost_allowances_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_price_overrides" ADD CONSTRAINT "provider_price_overrides_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;