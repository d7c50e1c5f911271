ALTER TABLE "plumbers" ADD COLUMN "business_name" text;--> statement-breakpoint
ALTER TABLE "plumbers" ADD COLUMN "license_number" text;--> statement-breakpoint
ALTER TABLE "plumbers" ADD COLUMN "license_state" text;--> statement-breakpoint
ALTER TABLE "plumbers" ADD COLUMN "insurance_expires_on" date;--> statement-breakpoint
ALTER TABLE "plumbers" ADD COLUMN "rejection_reason" text;--> statement-breakpoint
ALTER TABLE "plumbers" ADD COLUMN "vetting_submitted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "plumbers" ADD COLUMN "vetting_decided_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "plumbers_vetting_queue_idx" ON "plumbers" USING btree ("verification_status","vetting_submitted_at");--> statement-breakpoint
ALTER TABLE "plumbers" ADD CONSTRAINT "plumbers_license_state_ck" CHECK ("plumbers"."license_state" ~ '^[A-Z]{2}$');--> statement-breakpoint
ALTER TABLE "plumbers" ADD CONSTRAINT "plumbers_rejection_reason_ck" CHECK ("plumbers"."verification_status" <> 'rejected' or "plumbers"."rejection_reason" is not null);