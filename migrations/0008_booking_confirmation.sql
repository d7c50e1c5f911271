ALTER TABLE "service_requests" ADD COLUMN "confirmation_token_hash" text;--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "confirm_by" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "service_requests_unconfirmed_idx" ON "service_requests" USING btree ("confirm_by") WHERE "service_requests"."confirmed_at" is null and "service_requests"."status" = 'pending';--> statement-breakpoint
ALTER TABLE "service_requests" ADD CONSTRAINT "service_requests_confirmation_token_uq" UNIQUE("confirmation_token_hash");