ALTER TABLE "api_keys" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "ip_allow_list" jsonb;--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "previous_key_hash" text;--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "previous_key_prefix" text;--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "previous_key_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "expiry_reminder_days" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "api_keys_previous_key_hash_unique" ON "api_keys" USING btree ("previous_key_hash");--> statement-breakpoint
CREATE INDEX "api_keys_expires_idx" ON "api_keys" USING btree ("expires_at") WHERE "api_keys"."expires_at" is not null;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_previous_key_check" CHECK (("api_keys"."previous_key_hash" is null) = ("api_keys"."previous_key_expires_at" is null) and ("api_keys"."previous_key_hash" is null) = ("api_keys"."previous_key_prefix" is null));