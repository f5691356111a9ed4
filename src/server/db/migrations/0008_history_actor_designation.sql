ALTER TABLE "application_events" ADD COLUMN "actor_designation" text;--> statement-breakpoint
UPDATE "application_events" e SET "actor_designation" = u."mfi_employee" FROM "users" u WHERE u."tenant_id" = e."tenant_id" AND u."id" = e."actor_id";
