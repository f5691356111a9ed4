CREATE TABLE "webhook_deliveries" (
	"tenant_id" text NOT NULL,
	"event_id" uuid NOT NULL,
	"attempt" integer NOT NULL,
	"attempted_at" timestamp with time zone NOT NULL,
	"duration_ms" integer NOT NULL,
	"status_code" integer,
	"error" text,
	CONSTRAINT "webhook_deliveries_pk" PRIMARY KEY("tenant_id","event_id","attempt")
);
--> statement-breakpoint
ALTER TABLE "loan_events" ADD COLUMN "delivery_state" text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "loan_events" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "loan_events" ADD COLUMN "next_attempt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "loan_events" ADD COLUMN "deliver_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "loan_events" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_event_fk" FOREIGN KEY ("tenant_id","event_id") REFERENCES "public"."loan_events"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "loan_events_due_idx" ON "loan_events" USING btree ("next_attempt_at") WHERE "loan_events"."delivery_state" = 'pending';--> statement-breakpoint
ALTER TABLE "loan_events" ADD CONSTRAINT "loan_events_delivery_state_check" CHECK ("loan_events"."delivery_state" in ('pending', 'delivered', 'failed'));