-- The Key Fact Statement's disclosures per tenant, seeded with DECISIONS.md's defaults (issue 22).
ALTER TABLE "tenants" ADD COLUMN "disclosures" jsonb;--> statement-breakpoint
UPDATE "tenants" SET "disclosures" = '{"contingent_charges":{"penal_charge_per_instalment":250,"bounce_charge":300,"foreclosure_charge_rate":0,"gst_rate":0.18},"insurer_name":"Sahyog Sandbox General Insurance","grievance_officer":{"name":"Anita Desai","phone":"1800-000-0000","email":"grievance@sahyog.example"},"cooling_off_days":3}'::jsonb;--> statement-breakpoint
ALTER TABLE "tenants" ALTER COLUMN "disclosures" SET NOT NULL;
