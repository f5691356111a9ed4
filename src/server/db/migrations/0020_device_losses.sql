CREATE TABLE "device_losses" (
	"tenant_id" text NOT NULL,
	"token_hash" char(64) NOT NULL,
	"user_id" integer NOT NULL,
	"device" char(64) NOT NULL,
	"marked_at" timestamp with time zone NOT NULL,
	"marked_by" integer NOT NULL,
	"contact_at" timestamp with time zone,
	"received" integer DEFAULT 0 NOT NULL,
	"unsent" integer,
	"wiped_at" timestamp with time zone,
	CONSTRAINT "device_losses_pk" PRIMARY KEY("tenant_id","token_hash")
);
--> statement-breakpoint
CREATE INDEX "device_losses_device_idx" ON "device_losses" USING btree ("tenant_id","user_id","device");