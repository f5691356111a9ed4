CREATE TABLE "agreement_signers" (
	"tenant_id" text NOT NULL,
	"id" char(32) NOT NULL,
	"agreement_id" char(32) NOT NULL,
	"position" integer NOT NULL,
	"kind" text NOT NULL,
	"person_id" char(32),
	"name" text NOT NULL,
	"mobile" text NOT NULL,
	"state" text NOT NULL,
	"signed_at" timestamp with time zone,
	"certificate" jsonb,
	CONSTRAINT "agreement_signers_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "agreement_signers_kind_check" CHECK ("agreement_signers"."kind" in ('BORROWER', 'CO_BORROWER', 'GUARANTOR')),
	CONSTRAINT "agreement_signers_state_check" CHECK ("agreement_signers"."state" in ('PENDING', 'SIGNED'))
);
--> statement-breakpoint
CREATE TABLE "agreements" (
	"tenant_id" text NOT NULL,
	"id" char(32) NOT NULL,
	"application_id" char(32) NOT NULL,
	"number" text NOT NULL,
	"state" text NOT NULL,
	"language" text NOT NULL,
	"kfs_number" text NOT NULL,
	"kfs_hash" char(64) NOT NULL,
	"storage_name" text NOT NULL,
	"sha256" char(64) NOT NULL,
	"size" integer NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "agreements_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "agreements_state_check" CHECK ("agreements"."state" in ('PENDING', 'SIGNED')),
	CONSTRAINT "agreements_language_check" CHECK ("agreements"."language" in ('en', 'hi'))
);
--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "agreement_clauses" jsonb;--> statement-breakpoint
ALTER TABLE "agreement_signers" ADD CONSTRAINT "agreement_signers_agreement_fk" FOREIGN KEY ("tenant_id","agreement_id") REFERENCES "public"."agreements"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agreements" ADD CONSTRAINT "agreements_application_fk" FOREIGN KEY ("tenant_id","application_id") REFERENCES "public"."applications"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "agreement_signers_position_uq" ON "agreement_signers" USING btree ("tenant_id","agreement_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "agreements_application_uq" ON "agreements" USING btree ("tenant_id","application_id");