ALTER TABLE "withdrawals" ADD COLUMN "arrival_currency" text;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "arrival_amount" numeric(24, 8);--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "rate" numeric(24, 12);