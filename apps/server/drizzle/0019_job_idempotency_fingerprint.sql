-- An Idempotency-Key is bound to what it was first sent with: the route and the request, hashed
-- (modules/jobs/idempotency-fingerprint.ts). The same key with another request is refused (422); rows from before
-- this column have none and replay as before.
ALTER TABLE "jobs" ADD COLUMN "idempotency_fingerprint" text;