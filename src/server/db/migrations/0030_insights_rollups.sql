CREATE TABLE "application_cohort_counts" (
	"tenant_id" text NOT NULL,
	"day" date NOT NULL,
	"created_by" integer NOT NULL,
	"created" integer NOT NULL,
	"left_draft" integer NOT NULL,
	"pd1_complete" integer NOT NULL,
	"pd2_complete" integer NOT NULL,
	"approved" integer NOT NULL,
	"agreement_signed" integer NOT NULL,
	"disbursal_ready" integer NOT NULL,
	"disbursed" integer NOT NULL,
	"cancelled" integer NOT NULL,
	"rejected_bureau" integer NOT NULL,
	"rejected_bre" integer NOT NULL,
	"rejected_reviewer" integer NOT NULL,
	"sent_back" integer NOT NULL,
	CONSTRAINT "application_cohort_counts_pk" PRIMARY KEY("tenant_id","day","created_by")
);
--> statement-breakpoint
DROP INDEX "application_milestones_created_idx";--> statement-breakpoint
ALTER TABLE "application_milestones" ADD COLUMN "draft_seconds" double precision;--> statement-breakpoint
ALTER TABLE "application_milestones" ADD COLUMN "pd1_seconds" double precision;--> statement-breakpoint
ALTER TABLE "application_milestones" ADD COLUMN "pd2_seconds" double precision;--> statement-breakpoint
ALTER TABLE "application_milestones" ADD COLUMN "agreement_seconds" double precision;--> statement-breakpoint
ALTER TABLE "application_milestones" ADD COLUMN "disbursal_seconds" double precision;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "moved_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- Each application's last move, from application_milestones (kept there until now), before the
-- queues' indexes on it exist; from here on applications carries it, kept by the triggers below.
UPDATE "applications" a SET "moved_at" = m."moved_at"
FROM "application_milestones" m WHERE m."tenant_id" = a."tenant_id" AND m."application_id" = a."id";--> statement-breakpoint
ALTER TABLE "application_milestones" DROP COLUMN "moved_at";--> statement-breakpoint
CREATE INDEX "applications_branch_manager_moved_idx" ON "applications" USING btree ("tenant_id","moved_at") WHERE ((status = 'DRAFT' and stage @> '["BORROWER_INFO","BORROWER_BASIC_INFO","CO_BORROWER","FAMILY_MEMBER","BUSINESS_INFO","BANK_ACCOUNT"]'::jsonb) or (status = 'PD1_REVIEW' and resubmitted_at is not null));--> statement-breakpoint
CREATE INDEX "applications_branch_credit_manager_moved_idx" ON "applications" USING btree ("tenant_id","moved_at") WHERE (status in ('PD1_COMPLETE', 'PD2_REVIEW'));--> statement-breakpoint
CREATE INDEX "applications_relationship_officer_moved_idx" ON "applications" USING btree ("tenant_id","moved_at") WHERE (status in ('DRAFT', 'PD1_REVIEW'));--> statement-breakpoint

-- The insights' stored figures (issue 36, docs/insights.md "Fast at scale"), kept by triggers in the
-- writing transaction:
-- - applications.moved_at: the creation, then each move to another status (a MOVED entry's time);
-- - application_milestones.*_seconds: each turnaround stage's working seconds, computed when its
--   milestones are set and recomputed for a tenant when its holidays change;
-- - application_cohort_counts: the milestones counted per tenant, creator and India's day of creation.
--
-- A tenant's days off beyond Sundays and the national holidays, as distinct days: its `holidays`
-- that are real days (YYYY-MM-DD; anything else is ignored, as holidayProblems reports at start),
-- neither a Sunday nor a national holiday (those are counted once, by insights_working_seconds).
CREATE FUNCTION "insights_off_days"(holidays jsonb) RETURNS date[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(DISTINCT d ORDER BY d), '{}') FROM (
    SELECT CASE
      WHEN h.v !~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' THEN NULL
      WHEN substr(h.v, 1, 4)::int < 1 OR substr(h.v, 6, 2)::int NOT BETWEEN 1 AND 12 THEN NULL
      WHEN substr(h.v, 9, 2)::int NOT BETWEEN 1 AND
        extract(day FROM make_date(substr(h.v, 1, 4)::int, substr(h.v, 6, 2)::int, 1) + interval '1 month - 1 day') THEN NULL
      ELSE make_date(substr(h.v, 1, 4)::int, substr(h.v, 6, 2)::int, substr(h.v, 9, 2)::int)
    END AS d
    FROM jsonb_array_elements_text(CASE WHEN jsonb_typeof(holidays) = 'array' THEN holidays ELSE '[]' END) AS h(v)
  ) days
  WHERE extract(isodow FROM d) <> 7 AND to_char(d, 'MM-DD') NOT IN ('01-26', '08-15', '10-02')
$$;
--> statement-breakpoint
-- The working seconds from t1 to t2 (negative when t2 is earlier; null without both): only working
-- days count, whole (24 h each), India's days (+05:30 all year, so plain arithmetic on the epoch).
-- A day off is a Sunday, a national holiday (26 Jan, 15 Aug, 2 Oct: NATIONAL_HOLIDAYS of
-- domain/kfs-consent.ts) or one of `off_days` (insights_off_days: distinct, none of the former).
CREATE FUNCTION "insights_working_seconds"(t1 timestamptz, t2 timestamptz, off_days date[]) RETURNS double precision
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
  l1 double precision := extract(epoch FROM t1) + 19800;
  l2 double precision := extract(epoch FROM t2) + 19800;
  -- From Sunday 4 January 1970 00:00, in weeks whose first 86,400 seconds are the Sunday.
  s1 double precision := l1 - 3 * 86400;
  s2 double precision := l2 - 3 * 86400;
  seconds double precision;
  y integer;
  h date;
  start double precision;
BEGIN
  IF t1 IS NULL OR t2 IS NULL THEN
    RETURN NULL;
  END IF;
  seconds := (l2 - l1)
    - ((floor(s2 / 604800) * 86400 + least(s2 - floor(s2 / 604800) * 604800, 86400))
      - (floor(s1 / 604800) * 86400 + least(s1 - floor(s1 / 604800) * 604800, 86400)));
  FOR y IN extract(year FROM DATE '1970-01-01' + floor(least(l1, l2) / 86400)::int)::int
      .. extract(year FROM DATE '1970-01-01' + floor(greatest(l1, l2) / 86400)::int)::int LOOP
    FOREACH h IN ARRAY ARRAY[make_date(y, 1, 26), make_date(y, 8, 15), make_date(y, 10, 2)] LOOP
      IF extract(isodow FROM h) <> 7 THEN
        start := (h - DATE '1970-01-01') * 86400.0;
        seconds := seconds - (least(greatest(l2 - start, 0), 86400) - least(greatest(l1 - start, 0), 86400));
      END IF;
    END LOOP;
  END LOOP;
  FOREACH h IN ARRAY coalesce(off_days, '{}') LOOP
    start := (h - DATE '1970-01-01') * 86400.0;
    seconds := seconds - (least(greatest(l2 - start, 0), 86400) - least(greatest(l1 - start, 0), 86400));
  END LOOP;
  RETURN seconds;
END
$$;
--> statement-breakpoint
-- application_milestones: a row with each new application, its creator kept with a take-over (as
-- 0029); each status move recorded there and its time kept on the application (applications.moved_at).
CREATE OR REPLACE FUNCTION "application_milestones_track_application"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "application_milestones" ("tenant_id", "application_id", "created_by", "created_at")
    VALUES (NEW."tenant_id", NEW."id", NEW."created_by", NEW."created_at");
  ELSE
    UPDATE "application_milestones" SET "created_by" = NEW."created_by"
    WHERE "tenant_id" = NEW."tenant_id" AND "application_id" = NEW."id";
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "application_milestones_track_move"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "application_milestones" SET
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
  IF NEW."to_status" IS DISTINCT FROM NEW."from_status" THEN
    UPDATE "applications" SET "moved_at" = NEW."at" WHERE "tenant_id" = NEW."tenant_id" AND "id" = NEW."application_id";
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "applications_moved_at_created"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."moved_at" := NEW."created_at";
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "applications_moved_at_insert" BEFORE INSERT ON "applications"
  FOR EACH ROW EXECUTE FUNCTION "applications_moved_at_created"();
--> statement-breakpoint
-- Each stage's working seconds (TURNAROUND_STAGES of domain/insights.ts) when its milestones change.
CREATE FUNCTION "application_milestones_durations"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  off date[];
BEGIN
  IF NEW."pd1_complete_at" IS NOT NULL OR NEW."approved_at" IS NOT NULL OR NEW."agreement_signed_at" IS NOT NULL THEN
    SELECT insights_off_days("holidays") INTO off FROM "tenants" WHERE "key" = NEW."tenant_id";
  END IF;
  NEW."draft_seconds" := insights_working_seconds(NEW."created_at", NEW."pd1_complete_at", off);
  NEW."pd1_seconds" := insights_working_seconds(NEW."pd1_complete_at", NEW."pd2_complete_at", off);
  NEW."pd2_seconds" := insights_working_seconds(NEW."pd2_complete_at", NEW."approved_at", off);
  NEW."agreement_seconds" := insights_working_seconds(NEW."approved_at", NEW."agreement_signed_at", off);
  NEW."disbursal_seconds" := insights_working_seconds(NEW."agreement_signed_at", NEW."disbursed_at", off);
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "application_milestones_durations_insert" BEFORE INSERT ON "application_milestones"
  FOR EACH ROW EXECUTE FUNCTION "application_milestones_durations"();
--> statement-breakpoint
CREATE TRIGGER "application_milestones_durations_update" BEFORE UPDATE ON "application_milestones"
  FOR EACH ROW WHEN (
    (OLD."created_at", OLD."pd1_complete_at", OLD."pd2_complete_at", OLD."approved_at", OLD."agreement_signed_at", OLD."disbursed_at")
    IS DISTINCT FROM (NEW."created_at", NEW."pd1_complete_at", NEW."pd2_complete_at", NEW."approved_at", NEW."agreement_signed_at", NEW."disbursed_at")
  ) EXECUTE FUNCTION "application_milestones_durations"();
--> statement-breakpoint
-- The tenant's holidays changed: recompute the stages that span a day added or removed.
CREATE FUNCTION "tenants_holidays_recompute"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  off date[] := insights_off_days(NEW."holidays");
  was date[] := insights_off_days(OLD."holidays");
  first_day date;
  last_day date;
BEGIN
  SELECT min(d), max(d) INTO first_day, last_day
  FROM ((SELECT unnest(off) EXCEPT SELECT unnest(was)) UNION (SELECT unnest(was) EXCEPT SELECT unnest(off))) AS changed(d);
  IF first_day IS NULL THEN
    RETURN NULL;
  END IF;
  UPDATE "application_milestones" SET
    "draft_seconds" = insights_working_seconds("created_at", "pd1_complete_at", off),
    "pd1_seconds" = insights_working_seconds("pd1_complete_at", "pd2_complete_at", off),
    "pd2_seconds" = insights_working_seconds("pd2_complete_at", "approved_at", off),
    "agreement_seconds" = insights_working_seconds("approved_at", "agreement_signed_at", off),
    "disbursal_seconds" = insights_working_seconds("agreement_signed_at", "disbursed_at", off)
  WHERE "tenant_id" = NEW."key"
    AND least("created_at", "pd1_complete_at", "pd2_complete_at", "approved_at", "agreement_signed_at", "disbursed_at")
      < (last_day + 1)::timestamp AT TIME ZONE 'UTC' - interval '5 hours 30 minutes'
    AND greatest("pd1_complete_at", "pd2_complete_at", "approved_at", "agreement_signed_at", "disbursed_at")
      >= first_day::timestamp AT TIME ZONE 'UTC' - interval '5 hours 30 minutes';
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "tenants_holidays_recompute" AFTER UPDATE OF "holidays" ON "tenants"
  FOR EACH ROW WHEN (OLD."holidays" IS DISTINCT FROM NEW."holidays") EXECUTE FUNCTION "tenants_holidays_recompute"();
--> statement-breakpoint
-- application_cohort_counts: a milestones row counted (n = 1) or taken back (n = -1) on its
-- tenant, creator and India's day of creation.
CREATE FUNCTION "application_cohort_counts_add"(m "application_milestones", n integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "application_cohort_counts" AS c ("tenant_id", "day", "created_by", "created", "left_draft", "pd1_complete",
    "pd2_complete", "approved", "agreement_signed", "disbursal_ready", "disbursed", "cancelled", "rejected_bureau", "rejected_bre",
    "rejected_reviewer", "sent_back")
  VALUES (m."tenant_id", (m."created_at" AT TIME ZONE 'UTC' + interval '5 hours 30 minutes')::date, m."created_by", n,
    CASE WHEN m."left_draft_at" IS NULL THEN 0 ELSE n END, CASE WHEN m."pd1_complete_at" IS NULL THEN 0 ELSE n END,
    CASE WHEN m."pd2_complete_at" IS NULL THEN 0 ELSE n END, CASE WHEN m."approved_at" IS NULL THEN 0 ELSE n END,
    CASE WHEN m."agreement_signed_at" IS NULL THEN 0 ELSE n END, CASE WHEN m."disbursal_ready_at" IS NULL THEN 0 ELSE n END,
    CASE WHEN m."disbursed_at" IS NULL THEN 0 ELSE n END, CASE WHEN m."cancelled_at" IS NULL THEN 0 ELSE n END,
    CASE WHEN m."rejected_by" = 'BUREAU' THEN n ELSE 0 END, CASE WHEN m."rejected_by" = 'BRE' THEN n ELSE 0 END,
    CASE WHEN m."rejected_by" = 'REVIEWER' THEN n ELSE 0 END, CASE WHEN m."sent_back" > 0 THEN n ELSE 0 END)
  ON CONFLICT ("tenant_id", "day", "created_by") DO UPDATE SET
    "created" = c."created" + excluded."created", "left_draft" = c."left_draft" + excluded."left_draft",
    "pd1_complete" = c."pd1_complete" + excluded."pd1_complete", "pd2_complete" = c."pd2_complete" + excluded."pd2_complete",
    "approved" = c."approved" + excluded."approved", "agreement_signed" = c."agreement_signed" + excluded."agreement_signed",
    "disbursal_ready" = c."disbursal_ready" + excluded."disbursal_ready", "disbursed" = c."disbursed" + excluded."disbursed",
    "cancelled" = c."cancelled" + excluded."cancelled", "rejected_bureau" = c."rejected_bureau" + excluded."rejected_bureau",
    "rejected_bre" = c."rejected_bre" + excluded."rejected_bre", "rejected_reviewer" = c."rejected_reviewer" + excluded."rejected_reviewer",
    "sent_back" = c."sent_back" + excluded."sent_back";
END
$$;
--> statement-breakpoint
CREATE FUNCTION "application_cohort_counts_track"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM "application_cohort_counts_add"(OLD, -1);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM "application_cohort_counts_add"(NEW, 1);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "application_milestones_cohort_counts" AFTER INSERT OR DELETE ON "application_milestones"
  FOR EACH ROW EXECUTE FUNCTION "application_cohort_counts_track"();
--> statement-breakpoint
CREATE TRIGGER "application_milestones_cohort_counts_update" AFTER UPDATE ON "application_milestones"
  FOR EACH ROW WHEN (
    (OLD."tenant_id", OLD."created_by", OLD."created_at", OLD."left_draft_at" IS NULL, OLD."pd1_complete_at" IS NULL,
      OLD."pd2_complete_at" IS NULL, OLD."approved_at" IS NULL, OLD."agreement_signed_at" IS NULL, OLD."disbursal_ready_at" IS NULL,
      OLD."disbursed_at" IS NULL, OLD."cancelled_at" IS NULL, OLD."rejected_by", OLD."sent_back" > 0)
    IS DISTINCT FROM (NEW."tenant_id", NEW."created_by", NEW."created_at", NEW."left_draft_at" IS NULL, NEW."pd1_complete_at" IS NULL,
      NEW."pd2_complete_at" IS NULL, NEW."approved_at" IS NULL, NEW."agreement_signed_at" IS NULL, NEW."disbursal_ready_at" IS NULL,
      NEW."disbursed_at" IS NULL, NEW."cancelled_at" IS NULL, NEW."rejected_by", NEW."sent_back" > 0)
  ) EXECUTE FUNCTION "application_cohort_counts_track"();
--> statement-breakpoint
-- Backfill: the stages' working seconds, then the counts, from the milestones already there.
UPDATE "application_milestones" m SET
  "draft_seconds" = insights_working_seconds(m."created_at", m."pd1_complete_at", t.off),
  "pd1_seconds" = insights_working_seconds(m."pd1_complete_at", m."pd2_complete_at", t.off),
  "pd2_seconds" = insights_working_seconds(m."pd2_complete_at", m."approved_at", t.off),
  "agreement_seconds" = insights_working_seconds(m."approved_at", m."agreement_signed_at", t.off),
  "disbursal_seconds" = insights_working_seconds(m."agreement_signed_at", m."disbursed_at", t.off)
FROM (SELECT "key", insights_off_days("holidays") AS off FROM "tenants" OFFSET 0) t -- OFFSET 0: each tenant's days once, not per row
WHERE t."key" = m."tenant_id" AND (m."pd1_complete_at" IS NOT NULL OR m."approved_at" IS NOT NULL OR m."agreement_signed_at" IS NOT NULL);
--> statement-breakpoint
-- The turnaround's index (the stages' seconds in it), built once they are all there.
CREATE INDEX "application_milestones_created_idx" ON "application_milestones" USING btree ("tenant_id","created_at","draft_seconds","pd1_seconds","pd2_seconds","agreement_seconds","disbursal_seconds");--> statement-breakpoint
INSERT INTO "application_cohort_counts" ("tenant_id", "day", "created_by", "created", "left_draft", "pd1_complete", "pd2_complete",
  "approved", "agreement_signed", "disbursal_ready", "disbursed", "cancelled", "rejected_bureau", "rejected_bre", "rejected_reviewer", "sent_back")
SELECT "tenant_id", ("created_at" AT TIME ZONE 'UTC' + interval '5 hours 30 minutes')::date, "created_by", count(*),
  count("left_draft_at"), count("pd1_complete_at"), count("pd2_complete_at"), count("approved_at"), count("agreement_signed_at"),
  count("disbursal_ready_at"), count("disbursed_at"), count("cancelled_at"), count(*) FILTER (WHERE "rejected_by" = 'BUREAU'),
  count(*) FILTER (WHERE "rejected_by" = 'BRE'), count(*) FILTER (WHERE "rejected_by" = 'REVIEWER'), count(*) FILTER (WHERE "sent_back" > 0)
FROM "application_milestones" GROUP BY 1, 2, 3 ORDER BY 1, 2, 3;