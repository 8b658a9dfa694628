-- One provider id everywhere: rows stored with a provider's display name ('Replicate', 'FASHN', ...) get its id, so
-- webhooks, cancels and resumes find them; any other value left by a bug cannot be resumed and is cleared (its job
-- keeps its request id, provider_model and the rest; only the unusable name goes).
UPDATE "jobs" SET "provider" = CASE "provider"
  WHEN 'Replicate' THEN 'replicate' WHEN 'FASHN' THEN 'fashn' WHEN 'OpenAI' THEN 'openai'
  WHEN 'ElevenLabs' THEN 'elevenlabs' WHEN 'remove.bg' THEN 'removebg' ELSE lower("provider") END
WHERE "provider" IS NOT NULL AND "provider" NOT IN ('fal', 'replicate', 'openai', 'elevenlabs', 'fashn', 'removebg');--> statement-breakpoint
UPDATE "jobs" SET "provider" = NULL
WHERE "provider" IS NOT NULL AND "provider" NOT IN ('fal', 'replicate', 'openai', 'elevenlabs', 'fashn', 'removebg');--> statement-breakpoint
UPDATE "provider_calls" SET "provider" = CASE "provider"
  WHEN 'Replicate' THEN 'replicate' WHEN 'FASHN' THEN 'fashn' WHEN 'OpenAI' THEN 'openai'
  WHEN 'ElevenLabs' THEN 'elevenlabs' WHEN 'remove.bg' THEN 'removebg' ELSE lower("provider") END
WHERE "provider" NOT IN ('fal', 'replicate', 'openai', 'elevenlabs', 'fashn', 'removebg');--> statement-breakpoint
DELETE FROM "provider_calls" WHERE "provider" NOT IN ('fal', 'replicate', 'openai', 'elevenlabs', 'fashn', 'removebg');--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_provider_check" CHECK (provider in ('fal', 'replicate', 'openai', 'elevenlabs', 'fashn', 'removebg'));--> statement-breakpoint
ALTER TABLE "provider_calls" ADD CONSTRAINT "provider_calls_provider_check" CHECK (provider in ('fal', 'replicate', 'openai', 'elevenlabs', 'fashn', 'removebg'));