CREATE TABLE "guest_tokens" (
	"tenant_id" text NOT NULL,
	"token_hash" char(64) NOT NULL,
	"application_id" char(32) NOT NULL,
	"mobile" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"last_used_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "guest_tokens_pk" PRIMARY KEY("tenant_id","token_hash")
);
--> statement-breakpoint
ALTER TABLE "application_events" DROP CONSTRAINT "application_events_action_check";--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_role_check";--> statement-breakpoint
ALTER TABLE "guest_tokens" ADD CONSTRAINT "guest_tokens_application_fk" FOREIGN KEY ("tenant_id","application_id") REFERENCES "public"."applications"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "guest_tokens_application_idx" ON "guest_tokens" USING btree ("tenant_id","application_id");--> statement-breakpoint
ALTER TABLE "application_events" ADD CONSTRAINT "application_events_action_check" CHECK ("application_events"."action" in ('MOVED', 'RESUBMITTED', 'DEVIATION_APPROVED', 'DEVIATION_REJECTED', 'BANK_ACCOUNT_CHANGED', 'OFFER_ACCEPTED', 'SELF_SUBMITTED', 'TAKEN_OVER'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_check" CHECK ("users"."role" in ('MFI_EMPLOYEE', 'AGENT', 'SELF_APPLY'));