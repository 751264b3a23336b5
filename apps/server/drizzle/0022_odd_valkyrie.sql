CREATE TABLE "review_claims" (
	"entity" text NOT NULL,
	"entity_id" integer NOT NULL,
	"operator_id" integer NOT NULL,
	"claimed_until" timestamp with time zone NOT NULL,
	CONSTRAINT "review_claims_entity_entity_id_pk" PRIMARY KEY("entity","entity_id")
);
--> statement-breakpoint
ALTER TABLE "review_claims" ADD CONSTRAINT "review_claims_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;