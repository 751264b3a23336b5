CREATE TABLE "chain_networks" (
	"network" text PRIMARY KEY NOT NULL,
	"cursor" bigint,
	"latest_block" bigint,
	"node_state" text DEFAULT 'unknown' NOT NULL,
	"node_error" text,
	"failing_since" timestamp with time zone,
	"checked_at" timestamp with time zone,
	"hot_wallet" text,
	"hot_balance" numeric(40, 8),
	"hot_gas" numeric(40, 18),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chain_nonces" (
	"network" text NOT NULL,
	"address" text NOT NULL,
	"next" bigint NOT NULL,
	CONSTRAINT "chain_nonces_network_address_pk" PRIMARY KEY("network","address")
);
--> statement-breakpoint
CREATE TABLE "chain_sends" (
	"id" serial PRIMARY KEY NOT NULL,
	"withdrawal_id" integer NOT NULL,
	"network" text NOT NULL,
	"kind" text NOT NULL,
	"from_address" text NOT NULL,
	"nonce" bigint NOT NULL,
	"raw_tx" text NOT NULL,
	"tx_hash" text NOT NULL,
	"max_fee_per_gas" numeric(78, 0) NOT NULL,
	"max_priority_fee_per_gas" numeric(78, 0) NOT NULL,
	"broadcast_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chain_transfers" (
	"id" serial PRIMARY KEY NOT NULL,
	"network" text NOT NULL,
	"tx_hash" text NOT NULL,
	"log_index" integer NOT NULL,
	"block_number" bigint NOT NULL,
	"block_hash" text NOT NULL,
	"contract" text NOT NULL,
	"from_address" text NOT NULL,
	"to_address" text NOT NULL,
	"value" numeric(78, 0) NOT NULL,
	"amount" numeric(80, 8),
	"user_id" integer,
	"state" text NOT NULL,
	"hold_reason" text,
	"confirmations" integer DEFAULT 0 NOT NULL,
	"deposit_id" integer,
	"remark" text,
	"reviewer_id" integer,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deposit_addresses" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"network" text NOT NULL,
	"index" integer NOT NULL,
	"address" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deposit_addresses_index_range" CHECK ("deposit_addresses"."index" >= 0)
);
--> statement-breakpoint
ALTER TABLE "deposits" ADD COLUMN "source" text DEFAULT 'manual' NOT NULL;--> statement-breakpoint
ALTER TABLE "deposits" ADD COLUMN "chain_state" text;--> statement-breakpoint
ALTER TABLE "deposits" ADD COLUMN "confirmations" integer;--> statement-breakpoint
ALTER TABLE "deposits" ADD COLUMN "confirmations_needed" integer;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "payout_state" text;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "payout_failure" text;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "tx_hash" text;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "paid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "chain_sends" ADD CONSTRAINT "chain_sends_withdrawal_id_withdrawals_id_fk" FOREIGN KEY ("withdrawal_id") REFERENCES "public"."withdrawals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chain_transfers" ADD CONSTRAINT "chain_transfers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chain_transfers" ADD CONSTRAINT "chain_transfers_deposit_id_deposits_id_fk" FOREIGN KEY ("deposit_id") REFERENCES "public"."deposits"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_addresses" ADD CONSTRAINT "deposit_addresses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chain_sends_hash" ON "chain_sends" USING btree ("network","tx_hash");--> statement-breakpoint
CREATE INDEX "chain_sends_withdrawal" ON "chain_sends" USING btree ("withdrawal_id");--> statement-breakpoint
CREATE UNIQUE INDEX "chain_transfers_identity" ON "chain_transfers" USING btree ("network","tx_hash","log_index");--> statement-breakpoint
CREATE UNIQUE INDEX "chain_transfers_deposit" ON "chain_transfers" USING btree ("deposit_id");--> statement-breakpoint
CREATE INDEX "chain_transfers_state" ON "chain_transfers" USING btree ("network","state");--> statement-breakpoint
CREATE UNIQUE INDEX "deposit_addresses_member" ON "deposit_addresses" USING btree ("user_id","network");--> statement-breakpoint
CREATE UNIQUE INDEX "deposit_addresses_index" ON "deposit_addresses" USING btree ("network","index");--> statement-breakpoint
CREATE UNIQUE INDEX "deposit_addresses_address" ON "deposit_addresses" USING btree ("network","address");--> statement-breakpoint
CREATE INDEX "withdrawals_payout_idx" ON "withdrawals" USING btree ("payout_state");