ALTER TABLE "tenants" ADD COLUMN "quotas" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
CREATE INDEX "files_public_budget_idx" ON "files" USING btree ("tenant_id","purpose","client_address","created_at");--> statement-breakpoint
CREATE INDEX "otp_sends_mobile_all_tenants_idx" ON "otp_sends" USING btree ("mobile","sent_at");