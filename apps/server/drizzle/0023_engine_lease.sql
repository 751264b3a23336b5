CREATE TABLE "engine_leases" (
	"name" text PRIMARY KEY NOT NULL,
	"holder" text NOT NULL,
	"epoch" bigint NOT NULL,
	"acquired_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "job_runs" ADD COLUMN "epoch" bigint;