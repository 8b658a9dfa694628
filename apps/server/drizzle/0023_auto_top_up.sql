CREATE TABLE "auto_top_up_settings" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"threshold" integer NOT NULL,
	"credit_package_id" uuid,
	"monthly_limit" integer NOT NULL,
	"low_balance_email" boolean DEFAULT true NOT NULL,
	"month_start" date,
	"month_count" integer DEFAULT 0 NOT NULL,
	"claim_id" uuid,
	"disabled_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "auto_top_up_settings_threshold_check" CHECK ("auto_top_up_settings"."threshold" > 0),
	CONSTRAINT "auto_top_up_settings_monthly_limit_check" CHECK ("auto_top_up_settings"."monthly_limit" > 0)
);
--> statement-breakpoint
CREATE TABLE "auto_top_ups" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"credit_package_id" uuid,
	"balance_at_trigger" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"order_id" uuid,
	"failure_code" text,
	"failure_message" text,
	"started_at" timestamp with time zone,
	"tries" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "auto_top_ups_status_check" CHECK (status in ('pending', 'succeeded', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "low_balance_alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"balance" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"handled_at" timestamp with time zone,
	"mailed" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "auto_top_up_settings" ADD CONSTRAINT "auto_top_up_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_top_up_settings" ADD CONSTRAINT "auto_top_up_settings_credit_package_id_credit_packages_id_fk" FOREIGN KEY ("credit_package_id") REFERENCES "public"."credit_packages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_top_ups" ADD CONSTRAINT "auto_top_ups_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_top_ups" ADD CONSTRAINT "auto_top_ups_credit_package_id_credit_packages_id_fk" FOREIGN KEY ("credit_package_id") REFERENCES "public"."credit_packages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "low_balance_alerts" ADD CONSTRAINT "low_balance_alerts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auto_top_ups_user_idx" ON "auto_top_ups" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "auto_top_ups_pending_idx" ON "auto_top_ups" USING btree ("created_at") WHERE "auto_top_ups"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "low_balance_alerts_user_idx" ON "low_balance_alerts" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "low_balance_alerts_unhandled_idx" ON "low_balance_alerts" USING btree ("created_at") WHERE "low_balance_alerts"."handled_at" is null;--> statement-breakpoint
-- Never run dry (decision 081): every debit of a credit account, in the debit's own transaction (the one-statement job
-- submission, moveCredits, admin deductions, refund reversals, a change by hand). The account row is locked by the
-- debit, so parallel debits pass here one after another and each sees the balance the one before it left.
--   * A crossing from above 2 credits to 2 or less (LOW_BALANCE_THRESHOLD, packages/core/src/credits/rules.ts) writes
--     one low_balance_alerts row: one e-mail per crossing, however many debits follow until the balance rises again.
--   * A balance left below the user's automatic top-up threshold claims a top-up: one conditional UPDATE that succeeds
--     only while none is in flight and the month's count is under the limit. Fifty parallel charges claim once.
-- Both tell the app on lumen_changes ('low_balance:<user>', 'auto_top_ups:<user>') when the debit commits; a debit
-- that is rolled back leaves neither.
CREATE FUNCTION lumen_balance_watch() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  this_month date := (date_trunc('month', now() AT TIME ZONE 'UTC'))::date;
  claimed uuid;
  package_id uuid;
BEGIN
  IF OLD.balance > 2 AND NEW.balance <= 2 THEN
    INSERT INTO low_balance_alerts (user_id, balance) VALUES (NEW.user_id, NEW.balance);
    PERFORM pg_notify('lumen_changes', 'low_balance:' || NEW.user_id::text);
  END IF;
  UPDATE auto_top_up_settings AS s
    SET claim_id = gen_random_uuid(),
        month_count = CASE WHEN s.month_start = this_month THEN s.month_count + 1 ELSE 1 END,
        month_start = this_month,
        updated_at = now()
    WHERE s.user_id = NEW.user_id AND s.enabled AND s.claim_id IS NULL AND s.credit_package_id IS NOT NULL
      AND NEW.balance < s.threshold
      AND (s.month_start IS DISTINCT FROM this_month OR s.month_count < s.monthly_limit)
    RETURNING s.claim_id, s.credit_package_id INTO claimed, package_id;
  IF claimed IS NOT NULL THEN
    INSERT INTO auto_top_ups (id, user_id, credit_package_id, balance_at_trigger) VALUES (claimed, NEW.user_id, package_id, NEW.balance);
    PERFORM pg_notify('lumen_changes', 'auto_top_ups:' || NEW.user_id::text);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER credit_accounts_balance_watch
  AFTER UPDATE OF balance ON credit_accounts
  FOR EACH ROW WHEN (NEW.balance < OLD.balance) EXECUTE FUNCTION lumen_balance_watch();
