-- Every committed write to a session row or an account announces itself on "session_changed", so
-- each instance's cache of sessions (server/modules/auth/session-cache.ts) drops what it changed,
-- whoever wrote it: connect-pg-simple, the app, a script or an operator. "s:" names a session id,
-- "u:" an account id. Pruning expired rows stays silent: no cache serves a session past its expiry.
CREATE FUNCTION "session_announce_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND OLD."expire" < now() THEN
    RETURN NULL;
  END IF;
  PERFORM pg_notify('session_changed', 's:' || OLD."sid");
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "session_announce_change" AFTER UPDATE OR DELETE ON "session"
  FOR EACH ROW EXECUTE FUNCTION "session_announce_change"();--> statement-breakpoint
CREATE FUNCTION "users_announce_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('session_changed', 'u:' || OLD."id");
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "users_announce_change" AFTER UPDATE OR DELETE ON "users"
  FOR EACH ROW EXECUTE FUNCTION "users_announce_change"();
