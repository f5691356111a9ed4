CREATE TABLE "co_applicants" (
	"tenant_id" text NOT NULL,
	"id" char(32) NOT NULL,
	"application_id" char(32) NOT NULL,
	"type" text NOT NULL,
	"status" text NOT NULL,
	"replaces_id" char(32),
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "co_applicants_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "family_members" (
	"tenant_id" text NOT NULL,
	"id" char(32) NOT NULL,
	"application_id" char(32) NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "family_members_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "tracker_id" text;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "stage" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "co_applicants" ADD CONSTRAINT "co_applicants_application_fk" FOREIGN KEY ("tenant_id","application_id") REFERENCES "public"."applications"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "family_members" ADD CONSTRAINT "family_members_application_fk" FOREIGN KEY ("tenant_id","application_id") REFERENCES "public"."applications"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "co_applicants_application_idx" ON "co_applicants" USING btree ("tenant_id","application_id");--> statement-breakpoint
CREATE INDEX "family_members_application_idx" ON "family_members" USING btree ("tenant_id","application_id");--> statement-breakpoint
CREATE INDEX "applications_phone_idx" ON "applications" USING btree ("tenant_id","phone");--> statement-breakpoint
CREATE UNIQUE INDEX "applications_tracker_uq" ON "applications" USING btree ("tenant_id","tracker_id");--> statement-breakpoint
UPDATE "applications" SET "phone" = "data"->>'phone' WHERE "phone" IS NULL;
