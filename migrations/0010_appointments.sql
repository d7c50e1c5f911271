-- Written by hand (drizzle-kit cannot express it): the exclusion constraint below needs btree_gist for
-- "plumber_id with =" in a GiST index (docs/decisions/029-appointments.md).
CREATE EXTENSION IF NOT EXISTS btree_gist;--> statement-breakpoint
CREATE TABLE "appointments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"job_id" uuid NOT NULL,
	"plumber_id" uuid NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'booked' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "appointments_job_uq" UNIQUE("job_id"),
	CONSTRAINT "appointments_window_ck" CHECK ("appointments"."ends_at" > "appointments"."starts_at"),
	CONSTRAINT "appointments_status_ck" CHECK ("appointments"."status" in ('booked', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "plumber_availability" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"plumber_id" uuid NOT NULL,
	"weekday" smallint NOT NULL,
	"start_minute" integer NOT NULL,
	"end_minute" integer NOT NULL,
	CONSTRAINT "plumber_availability_weekday_ck" CHECK ("plumber_availability"."weekday" between 0 and 6),
	CONSTRAINT "plumber_availability_minutes_ck" CHECK ("plumber_availability"."start_minute" >= 0 and "plumber_availability"."start_minute" < "plumber_availability"."end_minute" and "plumber_availability"."end_minute" <= 1440)
);
--> statement-breakpoint
CREATE TABLE "plumber_days_off" (
	"plumber_id" uuid NOT NULL,
	"day" date NOT NULL,
	CONSTRAINT "plumber_days_off_pk" PRIMARY KEY("plumber_id","day")
);
--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "proposed_starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "proposed_ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_plumber_id_plumbers_id_fk" FOREIGN KEY ("plumber_id") REFERENCES "public"."plumbers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plumber_availability" ADD CONSTRAINT "plumber_availability_plumber_id_plumbers_id_fk" FOREIGN KEY ("plumber_id") REFERENCES "public"."plumbers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plumber_days_off" ADD CONSTRAINT "plumber_days_off_plumber_id_plumbers_id_fk" FOREIGN KEY ("plumber_id") REFERENCES "public"."plumbers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "appointments_plumber_starts_idx" ON "appointments" USING btree ("plumber_id","starts_at");--> statement-breakpoint
CREATE INDEX "plumber_availability_plumber_idx" ON "plumber_availability" USING btree ("plumber_id","weekday");--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_window_ck" CHECK (("quotes"."proposed_starts_at" is null and "quotes"."proposed_ends_at" is null) or ("quotes"."proposed_starts_at" is not null and "quotes"."proposed_ends_at" > "quotes"."proposed_starts_at"));--> statement-breakpoint
-- Written by hand: a plumber never holds two overlapping booked appointments (docs/decisions/029-appointments.md).
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_no_overlap_ex" EXCLUDE USING gist ("plumber_id" WITH =, tstzrange("starts_at", "ends_at", '[)') WITH &&) WHERE ("status" = 'booked');
