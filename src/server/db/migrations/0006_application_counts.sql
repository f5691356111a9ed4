CREATE TABLE "application_counts" (
	"tenant_id" text NOT NULL,
	"created_by" integer NOT NULL,
	"status" text NOT NULL,
	"pd1_captured" boolean NOT NULL,
	"resubmitted" boolean NOT NULL,
	"n" bigint NOT NULL,
	CONSTRAINT "application_counts_pk" PRIMARY KEY("tenant_id","created_by","status","pd1_captured","resubmitted")
);
--> statement-breakpoint
-- Kept by this trigger on every insert, delete and change of status, stages, resubmission or creator
-- (schema.ts applicationCounts; the flags as in src/server/db/application-queues.ts).
CREATE FUNCTION "application_counts_track"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' OR TG_OP = 'DELETE' THEN
    UPDATE "application_counts" SET "n" = "n" - 1
    WHERE "tenant_id" = OLD."tenant_id" AND "created_by" = OLD."created_by" AND "status" = OLD."status"
      AND "pd1_captured" = (OLD."stage" @> '["BORROWER_INFO","BORROWER_BASIC_INFO","CO_BORROWER","FAMILY_MEMBER","BUSINESS_INFO","BANK_ACCOUNT"]'::jsonb)
      AND "resubmitted" = (OLD."resubmitted_at" IS NOT NULL);
  END IF;
  IF TG_OP = 'UPDATE' OR TG_OP = 'INSERT' THEN
    INSERT INTO "application_counts" ("tenant_id", "created_by", "status", "pd1_captured", "resubmitted", "n")
    VALUES (NEW."tenant_id", NEW."created_by", NEW."status",
      NEW."stage" @> '["BORROWER_INFO","BORROWER_BASIC_INFO","CO_BORROWER","FAMILY_MEMBER","BUSINESS_INFO","BANK_ACCOUNT"]'::jsonb,
      NEW."resubmitted_at" IS NOT NULL, 1)
    ON CONFLICT ("tenant_id", "created_by", "status", "pd1_captured", "resubmitted") DO UPDATE SET "n" = "application_counts"."n" + 1;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "applications_counts_insert_delete" AFTER INSERT OR DELETE ON "applications"
  FOR EACH ROW EXECUTE FUNCTION "application_counts_track"();
--> statement-breakpoint
CREATE TRIGGER "applications_counts_update" AFTER UPDATE ON "applications"
  FOR EACH ROW WHEN (
    OLD."tenant_id" IS DISTINCT FROM NEW."tenant_id" OR OLD."created_by" IS DISTINCT FROM NEW."created_by"
    OR OLD."status" IS DISTINCT FROM NEW."status" OR (OLD."resubmitted_at" IS NULL) <> (NEW."resubmitted_at" IS NULL)
    OR (OLD."stage" @> '["BORROWER_INFO","BORROWER_BASIC_INFO","CO_BORROWER","FAMILY_MEMBER","BUSINESS_INFO","BANK_ACCOUNT"]'::jsonb)
      <> (NEW."stage" @> '["BORROWER_INFO","BORROWER_BASIC_INFO","CO_BORROWER","FAMILY_MEMBER","BUSINESS_INFO","BANK_ACCOUNT"]'::jsonb)
  ) EXECUTE FUNCTION "application_counts_track"();
--> statement-breakpoint
-- Backfill from the applications already there.
INSERT INTO "application_counts" ("tenant_id", "created_by", "status", "pd1_captured", "resubmitted", "n")
SELECT "tenant_id", "created_by", "status",
  "stage" @> '["BORROWER_INFO","BORROWER_BASIC_INFO","CO_BORROWER","FAMILY_MEMBER","BUSINESS_INFO","BANK_ACCOUNT"]'::jsonb,
  "resubmitted_at" IS NOT NULL, count(*)
FROM "applications" GROUP BY 1, 2, 3, 4, 5;
