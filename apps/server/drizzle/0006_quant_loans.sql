CREATE TABLE "loan_accruals" (
	"id" serial PRIMARY KEY NOT NULL,
	"loan_id" integer NOT NULL,
	"date" date NOT NULL,
	"principal" numeric(24, 8) NOT NULL,
	"interest" numeric(24, 8) NOT NULL,
	"penalty" numeric(24, 8) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "loan_products" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text,
	"name" text NOT NULL,
	"currency" text NOT NULL,
	"cycle_days" integer NOT NULL,
	"daily_interest_rate" numeric(12, 8) NOT NULL,
	"daily_penalty_rate" numeric(12, 8) NOT NULL,
	"min_amount" numeric(24, 8) NOT NULL,
	"max_amount" numeric(24, 8) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loan_products_code_unique" UNIQUE("code"),
	CONSTRAINT "loan_products_cycle_positive" CHECK ("loan_products"."cycle_days" > 0),
	CONSTRAINT "loan_products_rates" CHECK ("loan_products"."daily_interest_rate" >= 0 and "loan_products"."daily_interest_rate" < 1 and "loan_products"."daily_penalty_rate" >= 0 and "loan_products"."daily_penalty_rate" < 1),
	CONSTRAINT "loan_products_amounts" CHECK ("loan_products"."min_amount" >= 1 and "loan_products"."max_amount" >= "loan_products"."min_amount")
);
--> statement-breakpoint
CREATE TABLE "loan_repayments" (
	"id" serial PRIMARY KEY NOT NULL,
	"loan_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"amount" numeric(24, 8) NOT NULL,
	"penalty" numeric(24, 8) NOT NULL,
	"interest" numeric(24, 8) NOT NULL,
	"principal" numeric(24, 8) NOT NULL,
	"entry_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loan_repayments_split" CHECK ("loan_repayments"."amount" = "loan_repayments"."penalty" + "loan_repayments"."interest" + "loan_repayments"."principal")
);
--> statement-breakpoint
CREATE TABLE "loans" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"currency" text NOT NULL,
	"amount" numeric(24, 8) NOT NULL,
	"approved_amount" numeric(24, 8),
	"terms" jsonb NOT NULL,
	"signature" text NOT NULL,
	"approval_status" integer DEFAULT 0 NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"refuse_reason" text,
	"reviewer_id" integer,
	"reviewed_at" timestamp with time zone,
	"disbursed_at" timestamp with time zone,
	"due_date" date,
	"principal" numeric(24, 8) DEFAULT '0' NOT NULL,
	"interest" numeric(24, 8) DEFAULT '0' NOT NULL,
	"penalty" numeric(24, 8) DEFAULT '0' NOT NULL,
	"accrued_through" date,
	"interest_total" numeric(24, 8) DEFAULT '0' NOT NULL,
	"penalty_total" numeric(24, 8) DEFAULT '0' NOT NULL,
	"repaid_total" numeric(24, 8) DEFAULT '0' NOT NULL,
	"repaid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loans_approval_status" CHECK ("loans"."approval_status" in (0, 1, 2)),
	CONSTRAINT "loans_status" CHECK ("loans"."status" in (0, 1, 2, 3)),
	CONSTRAINT "loans_owed_not_negative" CHECK ("loans"."principal" >= 0 and "loans"."interest" >= 0 and "loans"."penalty" >= 0),
	CONSTRAINT "loans_amount_positive" CHECK ("loans"."amount" >= 1)
);
--> statement-breakpoint
CREATE TABLE "quant_accruals" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"date" date NOT NULL,
	"rate" numeric(12, 8) NOT NULL,
	"profit" numeric(24, 8) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quant_funds" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text,
	"name" text NOT NULL,
	"market" text NOT NULL,
	"currency" text NOT NULL,
	"cycle_days" integer NOT NULL,
	"daily_rate_min" numeric(12, 8) NOT NULL,
	"daily_rate_max" numeric(12, 8) NOT NULL,
	"min_amount" numeric(24, 8) NOT NULL,
	"max_amount" numeric(24, 8),
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone NOT NULL,
	"last_trade_day" date NOT NULL,
	"sale_ends_at" timestamp with time zone NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quant_funds_code_unique" UNIQUE("code"),
	CONSTRAINT "quant_funds_cycle_positive" CHECK ("quant_funds"."cycle_days" > 0),
	CONSTRAINT "quant_funds_rate_range" CHECK ("quant_funds"."daily_rate_min" >= 0 and "quant_funds"."daily_rate_max" >= "quant_funds"."daily_rate_min" and "quant_funds"."daily_rate_max" < 1),
	CONSTRAINT "quant_funds_amount_range" CHECK ("quant_funds"."min_amount" > 0 and ("quant_funds"."max_amount" is null or "quant_funds"."max_amount" >= "quant_funds"."min_amount")),
	CONSTRAINT "quant_funds_window" CHECK ("quant_funds"."end_time" > "quant_funds"."start_time")
);
--> statement-breakpoint
CREATE TABLE "quant_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"fund_id" integer NOT NULL,
	"currency" text NOT NULL,
	"amount" numeric(24, 8) NOT NULL,
	"cycle_days" integer NOT NULL,
	"daily_rate_min" numeric(12, 8) NOT NULL,
	"daily_rate_max" numeric(12, 8) NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"matures_on" date NOT NULL,
	"matures_at" timestamp with time zone NOT NULL,
	"accrued_days" integer DEFAULT 0 NOT NULL,
	"accrued_profit" numeric(24, 8) DEFAULT '0' NOT NULL,
	"payout" numeric(24, 8),
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quant_orders_amount_positive" CHECK ("quant_orders"."amount" > 0),
	CONSTRAINT "quant_orders_status" CHECK ("quant_orders"."status" in (0, 1)),
	CONSTRAINT "quant_orders_days" CHECK ("quant_orders"."accrued_days" between 0 and "quant_orders"."cycle_days")
);
--> statement-breakpoint
CREATE TABLE "quant_rates" (
	"fund_id" integer NOT NULL,
	"date" date NOT NULL,
	"rate" numeric(12, 8) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quant_rates_fund_id_date_pk" PRIMARY KEY("fund_id","date")
);
--> statement-breakpoint
ALTER TABLE "loan_accruals" ADD CONSTRAINT "loan_accruals_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_repayments" ADD CONSTRAINT "loan_repayments_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_repayments" ADD CONSTRAINT "loan_repayments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_product_id_loan_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."loan_products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_signature_uploads_id_fk" FOREIGN KEY ("signature") REFERENCES "public"."uploads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quant_accruals" ADD CONSTRAINT "quant_accruals_order_id_quant_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."quant_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quant_accruals" ADD CONSTRAINT "quant_accruals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quant_orders" ADD CONSTRAINT "quant_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quant_orders" ADD CONSTRAINT "quant_orders_fund_id_quant_funds_id_fk" FOREIGN KEY ("fund_id") REFERENCES "public"."quant_funds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quant_rates" ADD CONSTRAINT "quant_rates_fund_id_quant_funds_id_fk" FOREIGN KEY ("fund_id") REFERENCES "public"."quant_funds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "loan_accruals_loan_date" ON "loan_accruals" USING btree ("loan_id","date");--> statement-breakpoint
CREATE INDEX "loan_repayments_loan_idx" ON "loan_repayments" USING btree ("loan_id","id");--> statement-breakpoint
CREATE INDEX "loans_user_idx" ON "loans" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "loans_status_idx" ON "loans" USING btree ("status");--> statement-breakpoint
CREATE INDEX "loans_approval_idx" ON "loans" USING btree ("approval_status");--> statement-breakpoint
CREATE UNIQUE INDEX "loans_one_pending" ON "loans" USING btree ("user_id") WHERE "loans"."approval_status" = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "quant_accruals_order_date" ON "quant_accruals" USING btree ("order_id","date");--> statement-breakpoint
CREATE INDEX "quant_accruals_user_idx" ON "quant_accruals" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "quant_funds_market_idx" ON "quant_funds" USING btree ("market");--> statement-breakpoint
CREATE INDEX "quant_orders_user_idx" ON "quant_orders" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "quant_orders_fund_status_idx" ON "quant_orders" USING btree ("fund_id","status");