CREATE TABLE "blocktrade_offers" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text,
	"symbol" text NOT NULL,
	"market" text NOT NULL,
	"currency" text NOT NULL,
	"price" numeric(24, 8),
	"discount" numeric(12, 8),
	"min_quantity" integer NOT NULL,
	"max_quantity" integer NOT NULL,
	"opens_at" timestamp with time zone NOT NULL,
	"closes_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "blocktrade_offers_code_unique" UNIQUE("code"),
	CONSTRAINT "blocktrade_offers_price_or_discount" CHECK (("blocktrade_offers"."price" is null) <> ("blocktrade_offers"."discount" is null) and ("blocktrade_offers"."price" is null or "blocktrade_offers"."price" > 0) and ("blocktrade_offers"."discount" is null or ("blocktrade_offers"."discount" > 0 and "blocktrade_offers"."discount" < 1))),
	CONSTRAINT "blocktrade_offers_quantities" CHECK ("blocktrade_offers"."min_quantity" >= 10000 and "blocktrade_offers"."max_quantity" >= "blocktrade_offers"."min_quantity"),
	CONSTRAINT "blocktrade_offers_window" CHECK ("blocktrade_offers"."closes_at" > "blocktrade_offers"."opens_at")
);
--> statement-breakpoint
ALTER TABLE "trade_orders" ADD COLUMN "block_offer_id" integer;--> statement-breakpoint
ALTER TABLE "trade_orders" ADD CONSTRAINT "trade_orders_block_offer_id_blocktrade_offers_id_fk" FOREIGN KEY ("block_offer_id") REFERENCES "public"."blocktrade_offers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trade_orders_block_offer" ON "trade_orders" USING btree ("block_offer_id","status");