ALTER TABLE "applications" ADD COLUMN "agreement_signed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "mandate_registered_at" timestamp with time zone;