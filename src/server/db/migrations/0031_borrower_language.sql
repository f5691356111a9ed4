ALTER TABLE "agreements" DROP CONSTRAINT "agreements_language_check";--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "borrower_language" text;--> statement-breakpoint
ALTER TABLE "agreements" ADD CONSTRAINT "agreements_language_check" CHECK (language in ('en', 'hi', 'mr', 'bn', 'ta', 'te'));--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_borrower_language_check" CHECK (borrower_language in ('en', 'hi', 'mr', 'bn', 'ta', 'te'));