ALTER TYPE "public"."notification_kind" ADD VALUE 'appointment';--> statement-breakpoint
CREATE TABLE "reschedule_proposals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"appointment_id" uuid NOT NULL,
	"proposed_by" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "reschedule_proposals_window_ck" CHECK ("reschedule_proposals"."ends_at" > "reschedule_proposals"."starts_at"),
	CONSTRAINT "reschedule_proposals_by_ck" CHECK ("reschedule_proposals"."proposed_by" in ('homeowner', 'plumber')),
	CONSTRAINT "reschedule_proposals_status_ck" CHECK ("reschedule_proposals"."status" in ('pending', 'accepted', 'declined', 'withdrawn'))
);
--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "requested_starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "requested_ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "sequence" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "cancelled_by" text;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "cancellation_reason" text;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "late_cancellation" boolean;--> statement-breakpoint
ALTER TABLE "reschedule_proposals" ADD CONSTRAINT "reschedule_proposals_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reschedule_proposals_one_pending_uq" ON "reschedule_proposals" USING btree ("appointment_id") WHERE "reschedule_proposals"."status" = 'pending';--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_cancelled_by_ck" CHECK ("appointments"."cancelled_by" is null or "appointments"."cancelled_by" in ('homeowner', 'plumber'));