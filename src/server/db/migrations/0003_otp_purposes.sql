ALTER TABLE "otp_sessions" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "otp_sessions" ADD COLUMN "purpose" text DEFAULT 'LOGIN' NOT NULL;--> statement-breakpoint
ALTER TABLE "otp_sessions" ADD COLUMN "subject" text;--> statement-breakpoint
ALTER TABLE "otp_sessions" ADD CONSTRAINT "otp_sessions_purpose_check" CHECK ("otp_sessions"."purpose" in ('LOGIN', 'APPLY_LOAN_MFI', 'AADHAAR'));