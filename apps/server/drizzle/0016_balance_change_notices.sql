-- Every API process keeps the balances it has answered (modules/credits/balance-cache.ts). A balance change announces
-- 'balances:<user id>' on lumen_changes, delivered when the changing transaction commits: grants, purchases, refunds,
-- charges through moveCredits, an account removed, and any change made by hand in SQL.
-- One writer is exempt: the one-statement job submission (modules/jobs/charged-job.repository.ts), at up to thousands a
-- second. A transaction that NOTIFYs takes PostgreSQL's notify queue lock from its commit until the commit is on disk,
-- so every submission would wait for the one before it. That statement sets lumen.balance_notice to 'sent' for itself,
-- and its process announces the change after the commit, several submissions' notices in one NOTIFY.
CREATE FUNCTION lumen_notify_balance_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('lumen.balance_notice', true) IS DISTINCT FROM 'sent' THEN
    PERFORM pg_notify('lumen_changes', 'balances:' || COALESCE(NEW.user_id, OLD.user_id)::text);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER credit_accounts_balance_notice
  AFTER UPDATE OF balance, spent OR DELETE ON credit_accounts
  FOR EACH ROW EXECUTE FUNCTION lumen_notify_balance_change();
