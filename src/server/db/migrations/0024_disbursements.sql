CREATE TABLE "disbursements" (
	"tenant_id" text NOT NULL,
	"reference" text NOT NULL,
	"application_id" char(32) NOT NULL,
	"attempt" integer NOT NULL,
	"state" text NOT NULL,
	"amount_paise" bigint NOT NULL,
	"ifsc" text NOT NULL,
	"account_number" text NOT NULL,
	"beneficiary_name" text NOT NULL,
	"disbursement_date" text NOT NULL,
	"requested_by" integer NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"approved_by" integer,
	"approved_at" timestamp with time zone,
	"checked_at" timestamp with time zone,
	"utr" text,
	"settled_at" timestamp with time zone,
	"failure_reason" text,
	"final_schedule" jsonb,
	"cooling_off_exit" jsonb,
	CONSTRAINT "disbursements_pk" PRIMARY KEY("tenant_id","reference"),
	CONSTRAINT "disbursements_attempt_uq" UNIQUE("tenant_id","application_id","attempt"),
	CONSTRAINT "disbursements_state_check" CHECK ("disbursements"."state" in ('REQUESTED', 'PENDING', 'PAID', 'FAILED')),
	CONSTRAINT "disbursements_amount_check" CHECK ("disbursements"."amount_paise" > 0)
);
--> statement-breakpoint
CREATE TABLE "sandbox_payouts" (
	"tenant_id" text NOT NULL,
	"reference" text NOT NULL,
	"amount_paise" bigint NOT NULL,
	"ifsc" text NOT NULL,
	"account_last4" text NOT NULL,
	"status" text NOT NULL,
	"utr" text,
	"reason" text,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sandbox_payouts_pk" PRIMARY KEY("tenant_id","reference")
);
--> statement-breakpoint
ALTER TABLE "disbursements" ADD CONSTRAINT "disbursements_application_fk" FOREIGN KEY ("tenant_id","application_id") REFERENCES "public"."applications"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "disbursements_live_uq" ON "disbursements" USING btree ("tenant_id","application_id") WHERE state <> 'FAILED';--> statement-breakpoint
CREATE INDEX "disbursements_pending_idx" ON "disbursements" USING btree ("state","approved_at");