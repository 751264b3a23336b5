CREATE TABLE "trade_closes" (
	"id" serial PRIMARY KEY NOT NULL,
	"position_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"close_price" numeric(24, 8) NOT NULL,
	"fee" numeric(24, 8) NOT NULL,
	"open_fee" numeric(24, 8) NOT NULL,
	"realised_pnl" numeric(24, 8) NOT NULL,
	"proceeds" numeric(24, 8) NOT NULL,
	"reason" text NOT NULL,
	"fill_reason" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trade_closes_quantity_positive" CHECK ("trade_closes"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "trade_fee_schedules" (
	"market" text PRIMARY KEY NOT NULL,
	"currency" text NOT NULL,
	"rate" numeric(12, 8) NOT NULL,
	"minimum" numeric(24, 8) NOT NULL,
	"platform_fee" numeric(24, 8) NOT NULL,
	"vip_discounts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"stop_out_ratio" numeric(12, 8) DEFAULT '0.9' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trade_fee_rate_range" CHECK ("trade_fee_schedules"."rate" >= 0 and "trade_fee_schedules"."rate" < 1),
	CONSTRAINT "trade_fee_amounts" CHECK ("trade_fee_schedules"."minimum" >= 0 and "trade_fee_schedules"."platform_fee" >= 0),
	CONSTRAINT "trade_fee_stop_out" CHECK ("trade_fee_schedules"."stop_out_ratio" > 0 and "trade_fee_schedules"."stop_out_ratio" <= 1)
);
--> statement-breakpoint
CREATE TABLE "trade_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"symbol" text NOT NULL,
	"market" text NOT NULL,
	"currency" text NOT NULL,
	"type" text NOT NULL,
	"direction" text NOT NULL,
	"quantity" integer NOT NULL,
	"limit_price" numeric(24, 8),
	"stop_price" numeric(24, 8),
	"trail_amount" numeric(24, 8),
	"trail_percent" numeric(8, 4),
	"trail_best" numeric(24, 8),
	"triggered_at" timestamp with time zone,
	"time_in_force" text NOT NULL,
	"stop_loss" numeric(24, 8),
	"take_profit" numeric(24, 8),
	"status" text NOT NULL,
	"waiting_for" text,
	"block" boolean DEFAULT false NOT NULL,
	"frozen" numeric(24, 8) DEFAULT '0' NOT NULL,
	"fill_price" numeric(24, 8),
	"fee" numeric(24, 8),
	"fill_reason" jsonb,
	"refuse_reason" text,
	"position_id" integer,
	"expires_at" timestamp with time zone,
	"reviewed_by" integer,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"filled_at" timestamp with time zone,
	"done_at" timestamp with time zone,
	CONSTRAINT "trade_orders_quantity_positive" CHECK ("trade_orders"."quantity" > 0),
	CONSTRAINT "trade_orders_frozen_not_negative" CHECK ("trade_orders"."frozen" >= 0)
);
--> statement-breakpoint
CREATE TABLE "trade_positions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"symbol" text NOT NULL,
	"market" text NOT NULL,
	"currency" text NOT NULL,
	"direction" text NOT NULL,
	"lot_size" integer NOT NULL,
	"quantity" integer NOT NULL,
	"opened_quantity" integer NOT NULL,
	"open_price" numeric(24, 8) NOT NULL,
	"open_fee" numeric(24, 8) NOT NULL,
	"stop_loss" numeric(24, 8),
	"take_profit" numeric(24, 8),
	"status" text NOT NULL,
	"close_reason" text,
	"realised_pnl" numeric(24, 8) DEFAULT '0' NOT NULL,
	"closed_quantity" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "trade_positions_quantity" CHECK ("trade_positions"."quantity" >= 0 and "trade_positions"."quantity" <= "trade_positions"."opened_quantity")
);
--> statement-breakpoint
ALTER TABLE "trade_closes" ADD CONSTRAINT "trade_closes_position_id_trade_positions_id_fk" FOREIGN KEY ("position_id") REFERENCES "public"."trade_positions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_closes" ADD CONSTRAINT "trade_closes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_orders" ADD CONSTRAINT "trade_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_positions" ADD CONSTRAINT "trade_positions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trade_closes_user" ON "trade_closes" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "trade_closes_position" ON "trade_closes" USING btree ("position_id");--> statement-breakpoint
CREATE INDEX "trade_orders_user_status" ON "trade_orders" USING btree ("user_id","status","id");--> statement-breakpoint
CREATE INDEX "trade_orders_pending" ON "trade_orders" USING btree ("status","symbol");--> statement-breakpoint
CREATE INDEX "trade_positions_user_status" ON "trade_positions" USING btree ("user_id","status","id");--> statement-breakpoint
CREATE INDEX "trade_positions_open" ON "trade_positions" USING btree ("status","symbol");