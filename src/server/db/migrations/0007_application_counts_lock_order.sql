-- The counts trigger (0006) changes two rows of application_counts on a move: it now takes them in
-- one order (by key), so two moves in opposite directions (PD1_COMPLETE → PD1_REVIEW and
-- PD1_REVIEW → PD1_COMPLETE of the same officer's applications, at the same time) cannot deadlock.
CREATE OR REPLACE FUNCTION "application_counts_track"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  pd1 constant jsonb := '["BORROWER_INFO","BORROWER_BASIC_INFO","CO_BORROWER","FAMILY_MEMBER","BUSINESS_INFO","BANK_ACCOUNT"]'::jsonb;
  old_first boolean := true;
BEGIN
  IF TG_OP = 'UPDATE' THEN
    old_first := ROW(OLD."tenant_id", OLD."created_by", OLD."status", OLD."stage" @> pd1, OLD."resubmitted_at" IS NOT NULL)
      < ROW(NEW."tenant_id", NEW."created_by", NEW."status", NEW."stage" @> pd1, NEW."resubmitted_at" IS NOT NULL);
  END IF;
  IF (TG_OP = 'UPDATE' AND old_first) OR TG_OP = 'DELETE' THEN
    UPDATE "application_counts" SET "n" = "n" - 1
    WHERE "tenant_id" = OLD."tenant_id" AND "created_by" = OLD."created_by" AND "status" = OLD."status"
      AND "pd1_captured" = (OLD."stage" @> pd1) AND "resubmitted" = (OLD."resubmitted_at" IS NOT NULL);
  END IF;
  IF TG_OP = 'UPDATE' OR TG_OP = 'INSERT' THEN
    INSERT INTO "application_counts" ("tenant_id", "created_by", "status", "pd1_captured", "resubmitted", "n")
    VALUES (NEW."tenant_id", NEW."created_by", NEW."status", NEW."stage" @> pd1, NEW."resubmitted_at" IS NOT NULL, 1)
    ON CONFLICT ("tenant_id", "created_by", "status", "pd1_captured", "resubmitted") DO UPDATE SET "n" = "application_counts"."n" + 1;
  END IF;
  IF TG_OP = 'UPDATE' AND NOT old_first THEN
    UPDATE "application_counts" SET "n" = "n" - 1
    WHERE "tenant_id" = OLD."tenant_id" AND "created_by" = OLD."created_by" AND "status" = OLD."status"
      AND "pd1_captured" = (OLD."stage" @> pd1) AND "resubmitted" = (OLD."resubmitted_at" IS NOT NULL);
  END IF;
  RETURN NULL;
END
$$;
