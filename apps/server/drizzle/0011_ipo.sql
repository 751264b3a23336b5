CREATE TABLE "ipo_offers" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text,
	"symbol" text NOT NULL,
	"name" text NOT NULL,
	"market" text NOT NULL,
	"currency" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"lot_size" integer NOT NULL,
	"min_lots" integer NOT NULL,
	"max_lots" integer NOT NULL,
	"shares_offered" bigint NOT NULL,
	"price_min" numeric(24, 8) NOT NULL,
	"price_max" numeric(24, 8) NOT NULL,
	"final_price" numeric(24, 8),
	"fee" numeric(24, 8) NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone NOT NULL,
	"allotment_time" timestamp with time zone NOT NULL,
	"listing_time" timestamp with time zone NOT NULL,
	"seed" text NOT NULL,
	"seed_hash" text NOT NULL,
	"allotted_lots" bigint,
	"allotted_at" timestamp with time zone,
	"listed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ipo_offers_code_unique" UNIQUE("code"),
	CONSTRAINT "ipo_offers_lots" CHECK ("ipo_offers"."lot_size" > 0 and "ipo_offers"."min_lots" > 0 and "ipo_offers"."max_lots" >= "ipo_offers"."min_lots" and "ipo_offers"."shares_offered" >= "ipo_offers"."lot_size"),
	CONSTRAINT "ipo_offers_prices" CHECK ("ipo_offers"."price_min" > 0 and "ipo_offers"."price_max" >= "ipo_offers"."price_min" and "ipo_offers"."fee" >= 0),
	CONSTRAINT "ipo_offers_times" CHECK ("ipo_offers"."end_time" > "ipo_offers"."start_time" and "ipo_offers"."allotment_time" >= "ipo_offers"."end_time" and "ipo_offers"."listing_time" >= "ipo_offers"."allotment_time")
);
--> statement-breakpoint
CREATE TABLE "ipo_subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"offer_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"lots" integer NOT NULL,
	"price" numeric(24, 8) NOT NULL,
	"fee" numeric(24, 8) NOT NULL,
	"frozen" numeric(24, 8) NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"needs_reconfirm" boolean DEFAULT false NOT NULL,
	"allotted_lots" integer,
	"paid" numeric(24, 8),
	"refund" numeric(24, 8),
	"reason" text,
	"manual" boolean DEFAULT false NOT NULL,
	"allotted_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ipo_subscriptions_lots" CHECK ("ipo_subscriptions"."lots" > 0),
	CONSTRAINT "ipo_subscriptions_status" CHECK ("ipo_subscriptions"."status" in (0, 1, 2, 3)),
	CONSTRAINT "ipo_subscriptions_frozen" CHECK ("ipo_subscriptions"."frozen" >= 0),
	CONSTRAINT "ipo_subscriptions_allotted" CHECK ("ipo_subscriptions"."allotted_lots" is null or "ipo_subscriptions"."allotted_lots" between 0 and "ipo_subscriptions"."lots")
);
--> statement-breakpoint
ALTER TABLE "ipo_subscriptions" ADD CONSTRAINT "ipo_subscriptions_offer_id_ipo_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."ipo_offers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ipo_subscriptions" ADD CONSTRAINT "ipo_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ipo_offers_symbol" ON "ipo_offers" USING btree ("symbol");--> statement-breakpoint
CREATE UNIQUE INDEX "ipo_subscriptions_one_per_member" ON "ipo_subscriptions" USING btree ("offer_id","user_id") WHERE "ipo_subscriptions"."cancelled_at" is null;--> statement-breakpoint
CREATE INDEX "ipo_subscriptions_user_idx" ON "ipo_subscriptions" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "ipo_subscriptions_offer_status_idx" ON "ipo_subscriptions" USING btree ("offer_id","status");