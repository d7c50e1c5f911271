-- Every committed write to a plumber's row announces its account on "plumber_changed", so each
-- instance's cache of plumbers' rows (server/modules/plumbers/plumber-cache.ts) drops it, whoever
-- wrote it: the plumber, an admin's decision, the daily lapse check, a script or an operator.
CREATE FUNCTION "plumbers_announce_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('plumber_changed', OLD."user_id"::text);
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "plumbers_announce_change" AFTER UPDATE OR DELETE ON "plumbers"
  FOR EACH ROW EXECUTE FUNCTION "plumbers_announce_change"();
