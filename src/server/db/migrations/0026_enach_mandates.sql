CREATE TABLE "mandates" (
	"tenant_id" text NOT NULL,
	"id" char(32) NOT NULL,
	"application_id" char(32) NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "mandates_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"state" text NOT NULL,
	"account_number" text NOT NULL,
	"ifsc" text NOT NULL,
	"max_amount_paise" bigint NOT NULL,
	"first_debit" text NOT NULL,
	"last_debit" text NOT NULL,
	"session_id" char(32),
	"umrn" text,
	"reason" text,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "mandates_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "mandates_state_check" CHECK ("mandates"."state" in ('PENDING', 'REGISTERED', 'REJECTED', 'EXPIRED')),
	CONSTRAINT "mandates_umrn_check" CHECK (("mandates"."state" = 'REGISTERED') = ("mandates"."umrn" is not null))
);
--> statement-breakpoint
ALTER TABLE "mandates" ADD CONSTRAINT "mandates_application_fk" FOREIGN KEY ("tenant_id","application_id") REFERENCES "public"."applications"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mandates" ADD CONSTRAINT "mandates_creator_fk" FOREIGN KEY ("tenant_id","created_by") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mandates_application_idx" ON "mandates" USING btree ("tenant_id","application_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "mandates_session_unique" ON "mandates" USING btree ("tenant_id","session_id");--> statement-breakpoint
CREATE UNIQUE INDEX "mandates_one_registered" ON "mandates" USING btree ("tenant_id","application_id") WHERE "mandates"."state" = 'REGISTERED';