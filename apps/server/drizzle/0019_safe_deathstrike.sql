ALTER TABLE "audit_log" ADD COLUMN "user_id" integer;--> statement-breakpoint
CREATE INDEX "audit_log_user_idx" ON "audit_log" USING btree ("user_id","id");