CREATE TABLE "files" (
	"tenant_id" text NOT NULL,
	"id" char(32) NOT NULL,
	"storage_name" text NOT NULL,
	"original_name" text NOT NULL,
	"mime" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" char(64) NOT NULL,
	"purpose" text NOT NULL,
	"file_type" text,
	"upload_type" text,
	"application_id" char(32),
	"record_index" integer,
	"uploaded_by" integer,
	"client_address" text,
	"attached_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "files_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"tenant_id" text NOT NULL,
	"scope" text NOT NULL,
	"key" text NOT NULL,
	"fingerprint" char(64) NOT NULL,
	"state" text DEFAULT 'running' NOT NULL,
	"status_code" integer,
	"content_type" text,
	"response_body" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "idempotency_keys_pk" PRIMARY KEY("tenant_id","scope","key"),
	CONSTRAINT "idempotency_keys_state_check" CHECK ("idempotency_keys"."state" in ('running', 'done'))
);
--> statement-breakpoint
CREATE TABLE "server_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
CREATE INDEX "files_application_idx" ON "files" USING btree ("tenant_id","application_id");--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys" USING btree ("tenant_id","created_at");