ALTER TABLE "ipo_offers" ADD COLUMN "translations" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "loan_products" ADD COLUMN "translations" jsonb DEFAULT '{}'::jsonb NOT NULL;