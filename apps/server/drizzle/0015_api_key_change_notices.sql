-- Every API process keeps the rows of the API keys it has seen (modules/api-keys/key-row-cache.ts), as it keeps session
-- states (0010). The database announces a change of what authenticating a key reads on lumen_changes as
-- 'api_keys:<key id>', delivered when the changing transaction commits: revoked, deleted, rolled, its expiry, IP
-- allow-list, rate limit, scope or cap changed. Not on last_used_at/ip or the reminder counter, which change all the time.
-- The owner's suspension or deletion already announces 'sessions:<user id>' (0010).
CREATE FUNCTION lumen_notify_api_key_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('lumen_changes', 'api_keys:' || COALESCE(NEW.id, OLD.id)::text);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER api_keys_change_notice
  AFTER UPDATE OF user_id, key_hash, status, rate_limit, allowed_services, monthly_credit_cap, revoked_at, deleted_at,
    expires_at, ip_allow_list, previous_key_hash, previous_key_expires_at OR DELETE ON api_keys
  FOR EACH ROW EXECUTE FUNCTION lumen_notify_api_key_change();
