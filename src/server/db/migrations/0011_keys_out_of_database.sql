-- The keys leave the database: start-up moves them to the key source before migrating (keys/move-secrets-out.ts), so the table may be gone already.
DROP TABLE IF EXISTS "server_secrets" CASCADE;--> statement-breakpoint
ALTER TABLE "auth_tokens" ADD COLUMN "session_id" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "auth_tokens" ADD COLUMN "device" char(64);--> statement-breakpoint
ALTER TABLE "auth_tokens" ADD CONSTRAINT "auth_tokens_session_unique" UNIQUE("tenant_id","session_id");
