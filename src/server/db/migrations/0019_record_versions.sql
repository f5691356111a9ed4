CREATE TABLE "record_claims" (
	"tenant_id" text NOT NULL,
	"application_id" char(32) NOT NULL,
	"record_key" text NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"values" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"claim" text,
	"claimed_until" timestamp with time zone,
	CONSTRAINT "record_claims_pk" PRIMARY KEY("tenant_id","application_id","record_key")
);
--> statement-breakpoint
CREATE TABLE "record_versions" (
	"tenant_id" text NOT NULL,
	"application_id" char(32) NOT NULL,
	"record_key" text NOT NULL,
	"version" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"actor_id" integer NOT NULL,
	"session_id" text,
	"kind" text NOT NULL,
	"base_version" integer,
	"changed_fields" jsonb NOT NULL,
	"values" jsonb NOT NULL,
	"detail" jsonb,
	CONSTRAINT "record_versions_pk" PRIMARY KEY("tenant_id","application_id","record_key","version"),
	CONSTRAINT "record_versions_kind_check" CHECK ("record_versions"."kind" in ('WRITE', 'MERGED', 'CONFLICT', 'UNCONDITIONAL', 'RESOLVED', 'DELETED'))
);
--> statement-breakpoint
ALTER TABLE "record_versions" ADD CONSTRAINT "record_versions_application_fk" FOREIGN KEY ("tenant_id","application_id") REFERENCES "public"."applications"("tenant_id","id") ON DELETE no action ON UPDATE no action;