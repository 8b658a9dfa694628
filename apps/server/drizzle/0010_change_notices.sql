-- Every API process keeps short-lived copies of what almost every request reads (session states, the public
-- catalogue, rendered public pages). The database announces each change on the channel lumen_changes, as '<topic>:<key>', delivered when the
-- changing transaction commits, so no code path that writes these tables can forget to tell the other processes.
CREATE FUNCTION lumen_notify_session_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'users' THEN
    PERFORM pg_notify('lumen_changes', 'sessions:' || COALESCE(NEW.id, OLD.id)::text);
  ELSE
    PERFORM pg_notify('lumen_changes', 'sessions:' || COALESCE(NEW.user_id, OLD.user_id)::text);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER auth_sessions_change_notice AFTER UPDATE OF revoked_at OR DELETE ON auth_sessions
  FOR EACH ROW EXECUTE FUNCTION lumen_notify_session_change();
--> statement-breakpoint
CREATE TRIGGER users_session_change_notice AFTER UPDATE OF suspended_at OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION lumen_notify_session_change();
--> statement-breakpoint
CREATE FUNCTION lumen_notify_public_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('lumen_changes', 'public:' || TG_TABLE_NAME);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER credit_packages_change_notice AFTER INSERT OR UPDATE OR DELETE ON credit_packages
  FOR EACH STATEMENT EXECUTE FUNCTION lumen_notify_public_change();
--> statement-breakpoint
CREATE TRIGGER subscription_plans_change_notice AFTER INSERT OR UPDATE OR DELETE ON subscription_plans
  FOR EACH STATEMENT EXECUTE FUNCTION lumen_notify_public_change();
--> statement-breakpoint
CREATE TRIGGER service_costs_change_notice AFTER INSERT OR UPDATE OR DELETE ON service_costs
  FOR EACH STATEMENT EXECUTE FUNCTION lumen_notify_public_change();
--> statement-breakpoint
CREATE TRIGGER blog_posts_change_notice AFTER INSERT OR UPDATE OR DELETE ON blog_posts
  FOR EACH STATEMENT EXECUTE FUNCTION lumen_notify_public_change();
--> statement-breakpoint
CREATE TRIGGER tutorial_videos_change_notice AFTER INSERT OR UPDATE OR DELETE ON tutorial_videos
  FOR EACH STATEMENT EXECUTE FUNCTION lumen_notify_public_change();
--> statement-breakpoint
CREATE TRIGGER platform_settings_change_notice AFTER INSERT OR UPDATE OR DELETE ON platform_settings
  FOR EACH STATEMENT EXECUTE FUNCTION lumen_notify_public_change();
