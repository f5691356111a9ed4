CREATE TABLE "loan_events" (
	"tenant_id" text NOT NULL,
	"id" uuid NOT NULL,
	"type" text NOT NULL,
	"application_id" char(32) NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"payload" jsonb NOT NULL,
	CONSTRAINT "loan_events_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "loan_events_type_check" CHECK ("loan_events"."type" in ('loan.disbursed', 'loan.cancelled'))
);
--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "agreement_signed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "mandate_registered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "loan_events" ADD CONSTRAINT "loan_events_application_fk" FOREIGN KEY ("tenant_id","application_id") REFERENCES "public"."applications"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "loan_events_created_idx" ON "loan_events" USING btree ("tenant_id","created_at");