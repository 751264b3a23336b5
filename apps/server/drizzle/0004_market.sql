CREATE TABLE "candles" (
	"instrument_id" integer NOT NULL,
	"interval" text NOT NULL,
	"time" timestamp with time zone NOT NULL,
	"open" numeric(24, 8) NOT NULL,
	"high" numeric(24, 8) NOT NULL,
	"low" numeric(24, 8) NOT NULL,
	"close" numeric(24, 8) NOT NULL,
	"volume" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "candles_instrument_id_interval_time_pk" PRIMARY KEY("instrument_id","interval","time")
);
--> statement-breakpoint
CREATE TABLE "instruments" (
	"id" serial PRIMARY KEY NOT NULL,
	"symbol" text NOT NULL,
	"kind" text NOT NULL,
	"market_id" integer,
	"name" text NOT NULL,
	"sector" text,
	"country" text,
	"lot_size" integer DEFAULT 1 NOT NULL,
	"currency" text NOT NULL,
	"timezone" text NOT NULL,
	"sessions" jsonb NOT NULL,
	"reference_price" numeric(24, 8) NOT NULL,
	"volatility" numeric(10, 4) NOT NULL,
	"average_volume" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "instruments_symbol_unique" UNIQUE("symbol")
);
--> statement-breakpoint
CREATE TABLE "news_articles" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"symbols" text[] DEFAULT '{}' NOT NULL,
	"category" text NOT NULL,
	"translations" jsonb NOT NULL,
	CONSTRAINT "news_articles_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "watchlist_items" (
	"user_id" integer NOT NULL,
	"instrument_id" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "watchlist_items_user_id_instrument_id_pk" PRIMARY KEY("user_id","instrument_id")
);
--> statement-breakpoint
ALTER TABLE "candles" ADD CONSTRAINT "candles_instrument_id_instruments_id_fk" FOREIGN KEY ("instrument_id") REFERENCES "public"."instruments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instruments" ADD CONSTRAINT "instruments_market_id_markets_id_fk" FOREIGN KEY ("market_id") REFERENCES "public"."markets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watchlist_items" ADD CONSTRAINT "watchlist_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watchlist_items" ADD CONSTRAINT "watchlist_items_instrument_id_instruments_id_fk" FOREIGN KEY ("instrument_id") REFERENCES "public"."instruments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "instruments_kind_market" ON "instruments" USING btree ("kind","market_id");--> statement-breakpoint
CREATE INDEX "news_articles_published" ON "news_articles" USING btree ("published_at");