-- Every request's authorization reads the owner's role with its session state (modules/auth/session-state-cache.ts),
-- which each API process keeps until the database announces 'sessions:<user id>'. A role change announces it too, so
-- a demoted admin's next request in every process sees the new role (the change also revokes their sessions).
DROP TRIGGER users_session_change_notice ON users;
--> statement-breakpoint
CREATE TRIGGER users_session_change_notice AFTER UPDATE OF suspended_at, role OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION lumen_notify_session_change();
