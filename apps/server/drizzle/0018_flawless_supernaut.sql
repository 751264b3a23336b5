ALTER TABLE "announcements" ADD COLUMN "translations" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "news_articles" ADD COLUMN "draft" boolean DEFAULT false NOT NULL;