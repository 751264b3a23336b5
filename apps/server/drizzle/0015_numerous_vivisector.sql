CREATE TABLE "currency_rate_days" (
	"date" date NOT NULL,
	"currency" text NOT NULL,
	"rate_to_usd" numeric(24, 12) NOT NULL,
	CONSTRAINT "currency_rate_days_date_currency_pk" PRIMARY KEY("date","currency")
);
--> statement-breakpoint
CREATE TABLE "portfolio_preferences" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"language" text NOT NULL,
	"currency" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "portfolio_snapshots" (
	"user_id" integer NOT NULL,
	"date" date NOT NULL,
	"record" jsonb NOT NULL,
	"total_assets" numeric(24, 8) NOT NULL,
	"liabilities" numeric(24, 8) NOT NULL,
	"net_assets" numeric(24, 8) NOT NULL,
	"flows" numeric(24, 8) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "portfolio_snapshots_user_id_date_pk" PRIMARY KEY("user_id","date")
);
--> statement-breakpoint
CREATE TABLE "statement_files" (
	"statement_id" bigint NOT NULL,
	"language" text NOT NULL,
	"pdf" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "statement_files_statement_id_language_pk" PRIMARY KEY("statement_id","language")
);
--> statement-breakpoint
CREATE TABLE "statements" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"month" text NOT NULL,
	"record" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"regenerated_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "portfolio_preferences" ADD CONSTRAINT "portfolio_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portfolio_snapshots" ADD CONSTRAINT "portfolio_snapshots_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_files" ADD CONSTRAINT "statement_files_statement_id_statements_id_fk" FOREIGN KEY ("statement_id") REFERENCES "public"."statements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statements" ADD CONSTRAINT "statements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "statements_user_month" ON "statements" USING btree ("user_id","month");--> statement-breakpoint
CREATE INDEX "statements_user_idx" ON "statements" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "trade_closes_user_time" ON "trade_closes" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "trade_positions_user_opened" ON "trade_positions" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "journal_entries_user_time_idx" ON "journal_entries" USING btree ("user_id","created_at");