import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommunityPost } from '@lumen/core/community/schemas';
import type { Paginated } from '@lumen/core/http/pagination';
import { buildTestApp } from '../../test/build-test-app.ts';
import type { TestApp } from '../../test/build-test-app.ts';
import { setBalance } from '../../test/credit-helpers.ts';
import { bearer, registerUser } from '../../test/http-helpers.ts';
import { fastWorker, submitJob, waitForJob } from '../../test/job-helpers.ts';
import { fakeRegistry } from '../../test/fake-engines.ts';
import { featuredItems, publishFeaturedPosts } from './featured-posts.ts';
import { FEATURED_AUTHOR } from './post.dto.ts';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ jobs: { runWorker: true, worker: fastWorker, engines: fakeRegistry() } });
});
afterAll(async () => t.close());

/** The media route redirects to a short-lived signed link of the file. */
async function fetchMedia(url: string) {
  const redirect = await t.app.inject({ method: 'GET', url });
  expect(redirect.statusCode).toBe(302);
  return t.app.inject({ method: 'GET', url: redirect.headers.location! });
}

async function gallery(): Promise<Paginated<CommunityPost>> {
  const response = await t.app.inject({ method: 'GET', url: '/api/v1/community/posts?limit=50' });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as Paginated<CommunityPost>;
}

describe('the featured set a fresh install publishes', () => {
  it('is not published, and no failure is reported, when the process stops before it is made', async () => {
    const stop = new AbortController();
    stop.abort();
    await expect(publishFeaturedPosts({ db: t.database.db, storage: t.app.storage, signal: stop.signal })).resolves.toBe(0);
    expect((await gallery()).total).toBe(0);
  });

  it('is made by the built-in engines once, even when several workers start together, and fills the empty gallery', async () => {
    expect((await gallery()).total).toBe(0);
    const deps = { db: t.database.db, storage: t.app.storage };
    const counts = await Promise.all([publishFeaturedPosts(deps), publishFeaturedPosts(deps)]);
    expect(counts.sort()).toEqual([0, featuredItems.length]);
    expect(await publishFeaturedPosts(deps)).toBe(0);

    const shown = await gallery();
    expect(shown.total).toBe(featuredItems.length);
    for (const post of shown.items) {
      expect(post).toMatchObject({ featured: true, author: { name: FEATURED_AUTHOR }, status: 'published' });
    }
    expect(shown.items.map((post) => post.title)).toEqual(featuredItems.map((item) => item.title));

    const image = shown.items.find((post) => post.service === 'image-generator')!;
    const media = await fetchMedia(image.media.url!);
    expect(media.statusCode).toBe(200);
    expect(media.headers['content-type']).toBe('image/png');
    expect(media.rawPayload.subarray(1, 4).toString('ascii')).toBe('PNG');
    const sound = shown.items.find((post) => post.service === 'sound-generator')!;
    const audio = await fetchMedia(sound.media.url!);
    expect(audio.statusCode).toBe(200);
    // The engine's first file, the MP3 (an ID3 tag, then MPEG audio frames).
    expect(audio.headers['content-type']).toBe('audio/mpeg');
    expect(audio.rawPayload.subarray(0, 3).toString('ascii')).toBe('ID3');
  }, 120_000);

  it('steps aside once a user publishes their own result', async () => {
    const user = await registerUser(t.app);
    await setBalance(t.database.db, user.user.id, 5);
    const created = await submitJob(t.app, user.accessToken, {
      service: 'image-generator',
      params: { prompt: 'a fox in the snow' },
      files: {},
    });
    const job = await waitForJob(t.app, user.accessToken, created.json().data.id);
    const posted = await t.app.inject({
      method: 'POST',
      url: '/api/v1/community/posts',
      headers: bearer(user.accessToken),
      payload: { jobId: job.id, outputId: job.outputs[0]!.id },
    });
    expect(posted.statusCode, posted.body).toBe(201);

    const shown = await gallery();
    expect(shown.items.map((post) => [post.featured, post.prompt])).toEqual([[false, 'a fox in the snow']]);
    expect(shown.total).toBe(1);
    // A fresh start does not publish them again either.
    expect(await publishFeaturedPosts({ db: t.database.db, storage: t.app.storage })).toBe(0);
  });
});
