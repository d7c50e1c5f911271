CREATE TYPE "public"."job_status" AS ENUM('draft', 'requested', 'quoted', 'scheduled', 'in_progress', 'completed', 'cancelled');--> statement-breakpoint
CREATE TYPE "public"."payout_status" AS ENUM('pending', 'paid', 'failed');--> statement-breakpoint
CREATE TYPE "public"."plumber_status" AS ENUM('available', 'busy', 'offline');--> statement-breakpoint
CREATE TYPE "public"."quote_status" AS ENUM('pending', 'accepted', 'declined');--> statement-breakpoint
CREATE TYPE "public"."service_request_status" AS ENUM('pending', 'confirmed', 'completed', 'cancelled');--> statement-breakpoint
CREATE TYPE "public"."technician_status" AS ENUM('available', 'busy', 'off_duty');--> statement-breakpoint
CREATE TYPE "public"."urgency" AS ENUM('routine', 'urgent', 'emergency');--> statement-breakpoint
CREATE TYPE "public"."user_role" AS ENUM('homeowner', 'plumber', 'admin');--> statement-breakpoint
CREATE TYPE "public"."verification_status" AS ENUM('pending', 'verified', 'rejected');--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"role" "user_role" DEFAULT 'homeowner' NOT NULL,
	"name" text,
	"phone" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "session" (
	"sid" varchar PRIMARY KEY NOT NULL,
	"sess" json NOT NULL,
	"expire" timestamp (6) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "technicians" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"phone" text NOT NULL,
	"email" text NOT NULL,
	"specialties" text[] DEFAULT '{}' NOT NULL,
	"status" "technician_status" DEFAULT 'available' NOT NULL,
	"current_location" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "technicians_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "availability_slots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"date" text NOT NULL,
	"start_time" text NOT NULL,
	"end_time" text NOT NULL,
	"is_booked" text DEFAULT 'false' NOT NULL,
	"service_request_id" uuid,
	"technician_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "availability_slots_technician_time_uq" UNIQUE("technician_id","date","start_time"),
	CONSTRAINT "availability_slots_service_request_uq" UNIQUE("service_request_id"),
	CONSTRAINT "availability_slots_is_booked_ck" CHECK ("availability_slots"."is_booked" in ('true', 'false')),
	CONSTRAINT "availability_slots_booking_consistent_ck" CHECK (("availability_slots"."is_booked" = 'true') = ("availability_slots"."service_request_id" is not null)),
	CONSTRAINT "availability_slots_date_ck" CHECK ("availability_slots"."date" ~ '^\d{4}-\d{2}-\d{2}$'),
	CONSTRAINT "availability_slots_time_ck" CHECK ("availability_slots"."start_time" ~ '^\d{2}:\d{2}$' and "availability_slots"."end_time" ~ '^\d{2}:\d{2}$')
);
--> statement-breakpoint
CREATE TABLE "service_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"service_type" text NOT NULL,
	"preferred_date" text NOT NULL,
	"urgency" "urgency" DEFAULT 'routine' NOT NULL,
	"description" text NOT NULL,
	"address" text NOT NULL,
	"status" "service_request_status" DEFAULT 'pending' NOT NULL,
	"technician_id" uuid,
	"user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "diagnostics" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"description" text NOT NULL,
	"image_urls" text[] DEFAULT '{}' NOT NULL,
	"location" text NOT NULL,
	"urgency" "urgency" NOT NULL,
	"ai_diagnosis" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plumbers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"skills" text[] DEFAULT '{}' NOT NULL,
	"service_radius_km" numeric(5, 2) DEFAULT '25' NOT NULL,
	"verification_status" "verification_status" DEFAULT 'pending' NOT NULL,
	"current_lat" numeric(10, 7),
	"current_lng" numeric(10, 7),
	"current_address" text,
	"status" "plumber_status" DEFAULT 'available' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plumbers_user_id_unique" UNIQUE("user_id"),
	CONSTRAINT "plumbers_radius_ck" CHECK ("plumbers"."service_radius_km" > 0)
);
--> statement-breakpoint
CREATE TABLE "job_media" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"job_id" uuid NOT NULL,
	"type" text NOT NULL,
	"s3_key" text NOT NULL,
	"url" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_status_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"job_id" uuid NOT NULL,
	"status" "job_status" NOT NULL,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"plumber_id" uuid,
	"issue_slug" text NOT NULL,
	"issue_description" text NOT NULL,
	"address" text NOT NULL,
	"lat" numeric(10, 7),
	"lng" numeric(10, 7),
	"urgency" "urgency" DEFAULT 'routine' NOT NULL,
	"preferred_date" text,
	"current_status" "job_status" DEFAULT 'requested' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quotes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"job_id" uuid NOT NULL,
	"plumber_id" uuid NOT NULL,
	"min_total" numeric(10, 2) NOT NULL,
	"max_total" numeric(10, 2) NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"breakdown_json" jsonb,
	"status" "quote_status" DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quotes_job_plumber_uq" UNIQUE("job_id","plumber_id"),
	CONSTRAINT "quotes_range_ck" CHECK ("quotes"."min_total" > 0 and "quotes"."min_total" <= "quotes"."max_total")
);
--> statement-breakpoint
CREATE TABLE "modifiers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" text NOT NULL,
	"type" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"values_json" jsonb NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "modifiers_key_unique" UNIQUE("key"),
	CONSTRAINT "modifiers_type_ck" CHECK ("modifiers"."type" in ('multiplier', 'flat'))
);
--> statement-breakpoint
CREATE TABLE "pricing_catalog" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"issue_slug" text NOT NULL,
	"issue_name" text NOT NULL,
	"base_min" numeric(10, 2) NOT NULL,
	"base_max" numeric(10, 2) NOT NULL,
	"unit" text DEFAULT 'job' NOT NULL,
	"category" text NOT NULL,
	"notes" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pricing_catalog_issue_slug_unique" UNIQUE("issue_slug"),
	CONSTRAINT "pricing_catalog_range_ck" CHECK ("pricing_catalog"."base_min" >= 0 and "pricing_catalog"."base_min" <= "pricing_catalog"."base_max")
);
--> statement-breakpoint
CREATE TABLE "regions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"state" text NOT NULL,
	"metro" text,
	"labor_index" numeric(5, 3) DEFAULT '1.000' NOT NULL,
	"material_index" numeric(5, 3) DEFAULT '1.000' NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "regions_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "ratings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"job_id" uuid NOT NULL,
	"plumber_id" uuid NOT NULL,
	"stars" integer NOT NULL,
	"comment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ratings_job_uq" UNIQUE("job_id"),
	CONSTRAINT "ratings_stars_ck" CHECK ("ratings"."stars" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"job_id" uuid NOT NULL,
	"plumber_id" uuid NOT NULL,
	"plumber_gross" numeric(10, 2) NOT NULL,
	"platform_fee" numeric(10, 2) NOT NULL,
	"plumber_net" numeric(10, 2) NOT NULL,
	"status" "payout_status" DEFAULT 'pending' NOT NULL,
	"payment_provider_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payouts_job_uq" UNIQUE("job_id")
);
--> statement-breakpoint
ALTER TABLE "availability_slots" ADD CONSTRAINT "availability_slots_service_request_id_service_requests_id_fk" FOREIGN KEY ("service_request_id") REFERENCES "public"."service_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "availability_slots" ADD CONSTRAINT "availability_slots_technician_id_technicians_id_fk" FOREIGN KEY ("technician_id") REFERENCES "public"."technicians"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_requests" ADD CONSTRAINT "service_requests_technician_id_technicians_id_fk" FOREIGN KEY ("technician_id") REFERENCES "public"."technicians"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_requests" ADD CONSTRAINT "service_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plumbers" ADD CONSTRAINT "plumbers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_media" ADD CONSTRAINT "job_media_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_status_events" ADD CONSTRAINT "job_status_events_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_plumber_id_plumbers_id_fk" FOREIGN KEY ("plumber_id") REFERENCES "public"."plumbers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_plumber_id_plumbers_id_fk" FOREIGN KEY ("plumber_id") REFERENCES "public"."plumbers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ratings" ADD CONSTRAINT "ratings_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ratings" ADD CONSTRAINT "ratings_plumber_id_plumbers_id_fk" FOREIGN KEY ("plumber_id") REFERENCES "public"."plumbers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_plumber_id_plumbers_id_fk" FOREIGN KEY ("plumber_id") REFERENCES "public"."plumbers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "IDX_session_expire" ON "session" USING btree ("expire");--> statement-breakpoint
CREATE INDEX "availability_slots_date_idx" ON "availability_slots" USING btree ("date","start_time");--> statement-breakpoint
CREATE INDEX "service_requests_email_idx" ON "service_requests" USING btree ("email");--> statement-breakpoint
CREATE INDEX "service_requests_user_idx" ON "service_requests" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "diagnostics_created_at_idx" ON "diagnostics" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "job_media_job_idx" ON "job_media" USING btree ("job_id");--> statement-breakpoint
CREATE INDEX "job_status_events_job_idx" ON "job_status_events" USING btree ("job_id","created_at");--> statement-breakpoint
CREATE INDEX "jobs_customer_idx" ON "jobs" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "jobs_status_idx" ON "jobs" USING btree ("current_status");--> statement-breakpoint
CREATE INDEX "jobs_plumber_idx" ON "jobs" USING btree ("plumber_id");--> statement-breakpoint
CREATE INDEX "jobs_lat_lng_idx" ON "jobs" USING btree ("lat","lng");--> statement-breakpoint
CREATE UNIQUE INDEX "quotes_one_accepted_per_job_uq" ON "quotes" USING btree ("job_id") WHERE "quotes"."status" = 'accepted';--> statement-breakpoint
CREATE INDEX "quotes_plumber_idx" ON "quotes" USING btree ("plumber_id");--> statement-breakpoint
CREATE INDEX "ratings_plumber_idx" ON "ratings" USING btree ("plumber_id");--> statement-breakpoint
CREATE INDEX "payouts_plumber_idx" ON "payouts" USING btree ("plumber_id");