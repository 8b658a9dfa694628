-- Posts the team publishes on a fresh install (community/featured-posts.ts); the gallery shows them until users share their own.
ALTER TABLE "community_posts" ADD COLUMN "featured" boolean DEFAULT false NOT NULL;
