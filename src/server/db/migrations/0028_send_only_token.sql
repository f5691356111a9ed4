ALTER TABLE "auth_tokens" ADD COLUMN "send_token_hash" char(64);--> statement-breakpoint
ALTER TABLE "auth_tokens" ADD CONSTRAINT "auth_tokens_send_unique" UNIQUE("tenant_id","send_token_hash");