ALTER TYPE "public"."notification_kind" ADD VALUE 'payout_paid';--> statement-breakpoint
CREATE TABLE "job_status_count_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"status" "job_status" NOT NULL,
	"delta" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_status_counts" (
	"status" "job_status" PRIMARY KEY NOT NULL,
	"jobs" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "last_login_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "jobs_without_estimate_idx" ON "jobs" USING btree ("id") WHERE "jobs"."estimate" is null;--> statement-breakpoint
-- Jobs keep their tallies from here on: no job may change while the totals are counted, or a change
-- committed between the count and the trigger would be lost.
LOCK TABLE "jobs" IN SHARE ROW EXCLUSIVE MODE;--> statement-breakpoint
INSERT INTO "job_status_counts" ("status", "jobs")
  SELECT "current_status", count(*) FROM "jobs" GROUP BY "current_status";--> statement-breakpoint
CREATE FUNCTION "jobs_tally_status"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO "job_status_count_changes" ("status", "delta") VALUES (OLD."current_status", -1);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO "job_status_count_changes" ("status", "delta") VALUES (NEW."current_status", 1);
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "jobs_tally_status_insert_delete" AFTER INSERT OR DELETE ON "jobs"
  FOR EACH ROW EXECUTE FUNCTION "jobs_tally_status"();--> statement-breakpoint
CREATE TRIGGER "jobs_tally_status_update" AFTER UPDATE OF "current_status" ON "jobs"
  FOR EACH ROW WHEN (OLD."current_status" IS DISTINCT FROM NEW."current_status")
  EXECUTE FUNCTION "jobs_tally_status"();--> statement-breakpoint
CREATE FUNCTION "jobs_tally_reset"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "job_status_count_changes";
  DELETE FROM "job_status_counts";
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "jobs_tally_truncate" AFTER TRUNCATE ON "jobs"
  FOR EACH STATEMENT EXECUTE FUNCTION "jobs_tally_reset"();
