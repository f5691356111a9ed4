CREATE TABLE "join_us_requests" (
	"tenant_id" text NOT NULL,
	"id" char(32) NOT NULL,
	"mobile" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"business_name" text,
	"gst_number" text,
	"email" text NOT NULL,
	"pincode" text NOT NULL,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"address" text NOT NULL,
	"bank_name" text NOT NULL,
	"account_number" text NOT NULL,
	"ifsc" text NOT NULL,
	"pan" char(32) NOT NULL,
	"aadhaar_front" char(32) NOT NULL,
	"aadhaar_back" char(32) NOT NULL,
	"cancelled_cheque" char(32) NOT NULL,
	"gst" char(32),
	"status" text DEFAULT 'RECEIVED' NOT NULL,
	"rejection_reason" text,
	"verified_by" integer,
	"verified_at" timestamp with time zone,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"user_id" integer,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "join_us_requests_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "join_us_requests_status_check" CHECK ("join_us_requests"."status" in ('RECEIVED', 'UNDER_VERIFICATION', 'APPROVED', 'REJECTED'))
);
--> statement-breakpoint
CREATE TABLE "rate_limit_hits" (
	"tenant_id" text NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "rate_limit_hits_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"bucket" text NOT NULL,
	"key" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "rate_limit_hits_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "join_us_requests" ADD CONSTRAINT "join_us_requests_user_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "join_us_requests_pending_mobile_unique" ON "join_us_requests" USING btree ("tenant_id","mobile") WHERE status in ('RECEIVED', 'UNDER_VERIFICATION');--> statement-breakpoint
CREATE INDEX "join_us_requests_mobile_idx" ON "join_us_requests" USING btree ("tenant_id","mobile","created_at");--> statement-breakpoint
CREATE INDEX "join_us_requests_status_idx" ON "join_us_requests" USING btree ("tenant_id","status","created_at");--> statement-breakpoint
CREATE INDEX "rate_limit_hits_key_idx" ON "rate_limit_hits" USING btree ("tenant_id","bucket","key","at");