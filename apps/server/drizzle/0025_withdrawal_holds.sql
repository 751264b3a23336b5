CREATE TABLE "withdrawal_holds" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"reason" text,
	"started_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"allow_list_only" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "withdrawal_holds_whole" CHECK (("withdrawal_holds"."reason" is null and "withdrawal_holds"."started_at" is null and "withdrawal_holds"."ends_at" is null) or ("withdrawal_holds"."reason" is not null and "withdrawal_holds"."started_at" is not null and "withdrawal_holds"."ends_at" > "withdrawal_holds"."started_at"))
);
--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "held_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "withdrawal_holds" ADD CONSTRAINT "withdrawal_holds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;