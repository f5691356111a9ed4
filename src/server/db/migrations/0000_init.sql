CREATE TABLE "applications" (
	"tenant_id" text NOT NULL,
	"id" char(32) NOT NULL,
	"created_by" integer NOT NULL,
	"status" text DEFAULT 'DRAFT' NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "applications_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "auth_tokens" (
	"tenant_id" text NOT NULL,
	"token_hash" char(64) NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"last_used_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "auth_tokens_pk" PRIMARY KEY("tenant_id","token_hash")
);
--> statement-breakpoint
CREATE TABLE "otp_sends" (
	"tenant_id" text NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "otp_sends_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"mobile" text NOT NULL,
	"client_address" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "otp_sends_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "otp_sessions" (
	"tenant_id" text NOT NULL,
	"id" char(32) NOT NULL,
	"mobile" text NOT NULL,
	"user_id" integer NOT NULL,
	"otp_hash" text NOT NULL,
	"otp_salt" text NOT NULL,
	"otp_expires_at" timestamp with time zone NOT NULL,
	"last_sent_at" timestamp with time zone NOT NULL,
	"wrong_attempts" integer DEFAULT 0 NOT NULL,
	"state" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "otp_sessions_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "otp_sessions_state_check" CHECK ("otp_sessions"."state" in ('active', 'dead', 'used'))
);
--> statement-breakpoint
CREATE TABLE "sms_outbox" (
	"tenant_id" text NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "sms_outbox_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"to" text NOT NULL,
	"text" text NOT NULL,
	"otp" text,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sms_outbox_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "tenants" (
	"key" text PRIMARY KEY NOT NULL,
	"display_name" text NOT NULL,
	"theme_color" text NOT NULL,
	"terms_url" text NOT NULL,
	"privacy_url" text NOT NULL,
	"contact_url" text NOT NULL,
	"pricing" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"tenant_id" text NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "users_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"mobile" text NOT NULL,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"email" text,
	"role" text DEFAULT 'MFI_EMPLOYEE' NOT NULL,
	"mfi_employee" text,
	"address" text,
	"pincode" text,
	"city" text,
	"state" text,
	"pan" text,
	"aadhaar_front" text,
	"aadhaar_back" text,
	"cancelled_cheque" text,
	"account_number" text,
	"bank_name" text,
	"ifsc" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "users_tenant_mobile_unique" UNIQUE("tenant_id","mobile"),
	CONSTRAINT "users_role_check" CHECK ("users"."role" in ('MFI_EMPLOYEE', 'AGENT'))
);
--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_creator_fk" FOREIGN KEY ("tenant_id","created_by") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_tokens" ADD CONSTRAINT "auth_tokens_user_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "otp_sessions" ADD CONSTRAINT "otp_sessions_user_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_tenant_id_tenants_key_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("key") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "applications_creator_idx" ON "applications" USING btree ("tenant_id","created_by");--> statement-breakpoint
CREATE INDEX "auth_tokens_user_idx" ON "auth_tokens" USING btree ("tenant_id","user_id");--> statement-breakpoint
CREATE INDEX "otp_sends_mobile_idx" ON "otp_sends" USING btree ("tenant_id","mobile","sent_at");--> statement-breakpoint
CREATE INDEX "otp_sends_address_idx" ON "otp_sends" USING btree ("tenant_id","client_address","sent_at");--> statement-breakpoint
CREATE INDEX "sms_outbox_to_idx" ON "sms_outbox" USING btree ("tenant_id","to","sent_at");