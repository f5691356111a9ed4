CREATE TABLE "application_milestones" (
	"tenant_id" text NOT NULL,
	"application_id" char(32) NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"moved_at" timestamp with time zone NOT NULL,
	"left_draft_at" timestamp with time zone,
	"pd1_complete_at" timestamp with time zone,
	"pd2_complete_at" timestamp with time zone,
	"approved_at" timestamp with time zone,
	"agreement_signed_at" timestamp with time zone,
	"disbursal_ready_at" timestamp with time zone,
	"disbursed_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"rejected_at" timestamp with time zone,
	"rejected_by" text,
	"sent_back" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "application_milestones_pk" PRIMARY KEY("tenant_id","application_id")
);
--> statement-breakpoint
ALTER TABLE "application_milestones" ADD CONSTRAINT "application_milestones_application_fk" FOREIGN KEY ("tenant_id","application_id") REFERENCES "public"."applications"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "application_milestones_created_idx" ON "application_milestones" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "application_milestones_officer_created_idx" ON "application_milestones" USING btree ("tenant_id","created_by","created_at");--> statement-breakpoint
CREATE INDEX "application_events_deviation_idx" ON "application_events" USING btree ("tenant_id","at") WHERE "application_events"."action" in ('DEVIATION_APPROVED', 'DEVIATION_REJECTED');--> statement-breakpoint
-- Kept by these triggers (schema.ts applicationMilestones): a row with each new application, its
-- creator kept with a take-over, and each status move (a MOVED entry of the history) recorded.
CREATE FUNCTION "application_milestones_track_application"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "application_milestones" ("tenant_id", "application_id", "created_by", "created_at", "moved_at")
    VALUES (NEW."tenant_id", NEW."id", NEW."created_by", NEW."created_at", NEW."created_at");
  ELSE
    UPDATE "application_milestones" SET "created_by" = NEW."created_by"
    WHERE "tenant_id" = NEW."tenant_id" AND "application_id" = NEW."id";
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "applications_milestones_insert" AFTER INSERT ON "applications"
  FOR EACH ROW EXECUTE FUNCTION "application_milestones_track_application"();
--> statement-breakpoint
CREATE TRIGGER "applications_milestones_creator" AFTER UPDATE ON "applications"
  FOR EACH ROW WHEN (OLD."created_by" IS DISTINCT FROM NEW."created_by") EXECUTE FUNCTION "application_milestones_track_application"();
--> statement-breakpoint
CREATE FUNCTION "application_milestones_track_move"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "application_milestones" SET
    "moved_at" = CASE WHEN NEW."to_status" IS DISTINCT FROM NEW."from_status" THEN NEW."at" ELSE "moved_at" END,
    "left_draft_at" = CASE WHEN NEW."from_status" = 'DRAFT' AND NEW."to_status" <> 'DRAFT' THEN coalesce("left_draft_at", NEW."at") ELSE "left_draft_at" END,
    "pd1_complete_at" = CASE WHEN NEW."to_status" = 'PD1_COMPLETE' THEN coalesce("pd1_complete_at", NEW."at") ELSE "pd1_complete_at" END,
    "pd2_complete_at" = CASE WHEN NEW."to_status" = 'PD2_COMPLETE' THEN coalesce("pd2_complete_at", NEW."at") ELSE "pd2_complete_at" END,
    "approved_at" = CASE WHEN NEW."to_status" = 'APPROVED' THEN coalesce("approved_at", NEW."at") ELSE "approved_at" END,
    "agreement_signed_at" = CASE WHEN NEW."to_status" = 'AGREEMENT_SIGNED' THEN coalesce("agreement_signed_at", NEW."at") ELSE "agreement_signed_at" END,
    "disbursal_ready_at" = CASE WHEN NEW."to_status" = 'DISBURSAL_READY' THEN coalesce("disbursal_ready_at", NEW."at") ELSE "disbursal_ready_at" END,
    "disbursed_at" = CASE WHEN NEW."to_status" = 'DISBURSED' THEN coalesce("disbursed_at", NEW."at") ELSE "disbursed_at" END,
    "cancelled_at" = CASE WHEN NEW."to_status" = 'CANCELLED' THEN coalesce("cancelled_at", NEW."at") ELSE "cancelled_at" END,
    "rejected_at" = CASE WHEN NEW."to_status" = 'REJECTED' THEN NEW."at" ELSE "rejected_at" END,
    "rejected_by" = CASE WHEN NEW."to_status" = 'REJECTED'
      THEN (CASE NEW."detail"->>'by' WHEN 'BUREAU' THEN 'BUREAU' WHEN 'BRE' THEN 'BRE' ELSE 'REVIEWER' END) ELSE "rejected_by" END,
    "sent_back" = "sent_back" + CASE WHEN NEW."to_status" IN ('PD1_REVIEW', 'PD2_REVIEW') AND NEW."from_status" IS DISTINCT FROM NEW."to_status" THEN 1 ELSE 0 END
  WHERE "tenant_id" = NEW."tenant_id" AND "application_id" = NEW."application_id";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "application_events_milestones" AFTER INSERT ON "application_events"
  FOR EACH ROW WHEN (NEW."action" = 'MOVED') EXECUTE FUNCTION "application_milestones_track_move"();
--> statement-breakpoint
-- Backfill from the applications and the history already there.
INSERT INTO "application_milestones" ("tenant_id", "application_id", "created_by", "created_at", "moved_at",
  "left_draft_at", "pd1_complete_at", "pd2_complete_at", "approved_at", "agreement_signed_at", "disbursal_ready_at",
  "disbursed_at", "cancelled_at", "rejected_at", "rejected_by", "sent_back")
SELECT a."tenant_id", a."id", a."created_by", a."created_at",
  coalesce(max(e."at") FILTER (WHERE e."to_status" IS DISTINCT FROM e."from_status"), a."created_at"),
  min(e."at") FILTER (WHERE e."from_status" = 'DRAFT' AND e."to_status" <> 'DRAFT'),
  min(e."at") FILTER (WHERE e."to_status" = 'PD1_COMPLETE'),
  min(e."at") FILTER (WHERE e."to_status" = 'PD2_COMPLETE'),
  min(e."at") FILTER (WHERE e."to_status" = 'APPROVED'),
  min(e."at") FILTER (WHERE e."to_status" = 'AGREEMENT_SIGNED'),
  min(e."at") FILTER (WHERE e."to_status" = 'DISBURSAL_READY'),
  min(e."at") FILTER (WHERE e."to_status" = 'DISBURSED'),
  min(e."at") FILTER (WHERE e."to_status" = 'CANCELLED'),
  max(e."at") FILTER (WHERE e."to_status" = 'REJECTED'),
  (array_agg(CASE e."detail"->>'by' WHEN 'BUREAU' THEN 'BUREAU' WHEN 'BRE' THEN 'BRE' ELSE 'REVIEWER' END ORDER BY e."at" DESC, e."id" DESC)
    FILTER (WHERE e."to_status" = 'REJECTED'))[1],
  count(*) FILTER (WHERE e."to_status" IN ('PD1_REVIEW', 'PD2_REVIEW') AND e."from_status" IS DISTINCT FROM e."to_status")
FROM "applications" a
LEFT JOIN "application_events" e ON e."tenant_id" = a."tenant_id" AND e."application_id" = a."id" AND e."action" = 'MOVED'
GROUP BY a."tenant_id", a."id", a."created_by", a."created_at";
