CREATE TABLE "application_events" (
	"tenant_id" text NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "application_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"application_id" char(32) NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"actor_id" integer NOT NULL,
	"action" text NOT NULL,
	"from_status" text,
	"to_status" text,
	"remarks" text,
	"detail" jsonb,
	CONSTRAINT "application_events_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "application_events_action_check" CHECK ("application_events"."action" in ('MOVED', 'RESUBMITTED', 'DEVIATION_APPROVED', 'DEVIATION_REJECTED'))
);
--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "name_search" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, coalesce(data->>'name', ''))) STORED;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "resubmitted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "application_events" ADD CONSTRAINT "application_events_application_fk" FOREIGN KEY ("tenant_id","application_id") REFERENCES "public"."applications"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_events" ADD CONSTRAINT "application_events_actor_fk" FOREIGN KEY ("tenant_id","actor_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "application_events_application_idx" ON "application_events" USING btree ("tenant_id","application_id","at","id");--> statement-breakpoint
CREATE INDEX "applications_updated_idx" ON "applications" USING btree ("tenant_id","updated_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "applications_creator_updated_idx" ON "applications" USING btree ("tenant_id","created_by","updated_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "applications_status_updated_idx" ON "applications" USING btree ("tenant_id","status","updated_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "applications_bcm_queue_idx" ON "applications" USING btree ("tenant_id","updated_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE (status in ('PD1_COMPLETE', 'PD2_REVIEW'));--> statement-breakpoint
CREATE INDEX "applications_bm_queue_idx" ON "applications" USING btree ("tenant_id","updated_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE ((status = 'DRAFT' and stage @> '["BORROWER_INFO","BORROWER_BASIC_INFO","CO_BORROWER","FAMILY_MEMBER","BUSINESS_INFO","BANK_ACCOUNT"]'::jsonb) or (status = 'PD1_REVIEW' and resubmitted_at is not null));--> statement-breakpoint
CREATE INDEX "applications_name_search_idx" ON "applications" USING gin ("name_search");--> statement-breakpoint
CREATE INDEX "applications_phone_prefix_idx" ON "applications" USING btree ("tenant_id","phone" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "applications_tracker_prefix_idx" ON "applications" USING btree ("tenant_id","tracker_id" text_pattern_ops);