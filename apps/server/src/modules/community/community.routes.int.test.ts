import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { CommunityPost, ModerationPost } from '@lumen/core/community/schemas';
import type { Paginated } from '@lumen/core/http/pagination';
import { adminAccessToken, buildTestApp } from '../../test/build-test-app.ts';
import type { TestApp } from '../../test/build-test-app.ts';
import { setBalance } from '../../test/credit-helpers.ts';
import { bearer, registerUser } from '../../test/http-helpers.ts';
import { fastWorker, submitJob, waitForJob } from '../../test/job-helpers.ts';
import { auditLog } from '../audit/tables.ts';
import { jobs } from '../jobs/tables.ts';
import { fakeRegistry } from '../../test/fake-engines.ts';

let t: TestApp;
let adminToken: string;

beforeAll(async () => {
  t = await buildTestApp({ jobs: { runWorker: true, worker: fastWorker, engines: fakeRegistry() } });
  adminToken = await adminAccessToken(t.app);
});
afterAll(async () => t.close());

type Person = { token: string; id: string };

async function person(): Promise<Person> {
  const user = await registerUser(t.app);
  await setBalance(t.database.db, user.user.id, 50);
  return { token: user.accessToken, id: user.user.id };
}

async function finishedJob(owner: Person, service: string, params: Record<string, unknown>): Promise<string> {
  const created = await submitJob(t.app, owner.token, { service, params, files: {} });
  expect(created.statusCode).toBe(201);
  const job = await waitForJob(t.app, owner.token, created.json().data.id);
  expect(job.status).toBe('succeeded');
  return job.id;
}

const imageJob = (owner: Person, prompt: string) => finishedJob(owner, 'image-generator', { prompt });
const reportJob = (owner: Person) =>
  finishedJob(owner, 'sales-pilot', { text: 'Seller: Hello, how are you today? Buyer: Fine, but the price is too high for us.' });

function publish(owner: Person, body: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: '/api/v1/community/posts', headers: bearer(owner.token), payload: body });
}

async function published(owner: Person, body: Record<string, unknown>): Promise<CommunityPost> {
  const response = await publish(owner, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as CommunityPost;
}

async function search(q: string, extra = '', token?: string): Promise<Paginated<CommunityPost>> {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/v1/community/search?q=${encodeURIComponent(q)}${extra}`,
    headers: token ? bearer(token) : {},
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as Paginated<CommunityPost>;
}

async function gallery(query = '', token?: string): Promise<Paginated<CommunityPost>> {
  const response = await t.app.inject({ method: 'GET', url: `/api/v1/community/posts${query}`, headers: token ? bearer(token) : {} });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as Paginated<CommunityPost>;
}

function moderate(postId: string, action: string, reason: unknown, token = adminToken) {
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/admin/community/posts/${postId}/${action}`,
    headers: bearer(token),
    payload: { reason },
  });
}

describe('publishing', () => {
  it('shares a finished image with the prompt of its job; the public gallery shows it and its media link serves the file', async () => {
    const ada = await person();
    const jobId = await imageJob(ada, 'A copper kettle steaming on a windowsill');
    const post = await published(ada, { jobId, title: 'Morning kettle' });
    expect(post).toMatchObject({
      service: 'image-generator',
      title: 'Morning kettle',
      prompt: 'A copper kettle steaming on a windowsill',
      isToolPrompt: true,
      status: 'published',
      likes: 0,
      isMine: true,
    });
    expect(post.author.name).toBe('Ada L.');

    const listed = await gallery();
    const shown = listed.items.find((item) => item.id === post.id);
    expect(shown).toBeDefined();
    expect(shown!.media.url).toBe(`/api/v1/community/posts/${post.id}/media`);

    const media = await t.app.inject({ method: 'GET', url: shown!.media.url! });
    expect(media.statusCode).toBe(302);
    expect(media.headers.location).toMatch(/^\/api\/v1\/files\//);
    const file = await t.app.inject({ method: 'GET', url: media.headers.location as string });
    expect(file.statusCode).toBe(200);
    expect(file.body.length).toBeGreaterThan(0);
  });

  it('a tool without a prompt needs a description, and a tool with one refuses a replacement', async () => {
    const ada = await person();
    const reportId = await reportJob(ada);
    const missing = await publish(ada, { jobId: reportId });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Describe your result: this tool has no prompt to share');
    const post = await published(ada, { jobId: reportId, prompt: 'A discovery call where price was the main objection' });
    expect(post).toMatchObject({
      service: 'sales-pilot',
      isToolPrompt: false,
      prompt: 'A discovery call where price was the main objection',
    });

    const imageId = await imageJob(ada, 'A lighthouse at dusk');
    const replaced = await publish(ada, { jobId: imageId, prompt: 'something else' });
    expect(replaced.statusCode).toBe(400);
    expect(replaced.json().message).toBe('This tool shares the prompt you used; it cannot be replaced');
  });

  it('refuses another person’s job (404 as if unknown), unknown ids, unfinished jobs and a second post of one result', async () => {
    const ada = await person();
    const bob = await person();
    const jobId = await imageJob(ada, 'A paper boat on a puddle');

    const stolen = await publish(bob, { jobId });
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json().message).toBe('Job not found');
    expect((await publish(ada, { jobId: '00000000-0000-4000-8000-000000000000' })).statusCode).toBe(404);
    expect((await publish(ada, { jobId, outputId: '00000000-0000-4000-8000-000000000000' })).statusCode).toBe(404);
    const notUuid = await publish(ada, { jobId: 'nope' });
    expect(notUuid.statusCode).toBe(400);
    expect(notUuid.json().error.code).toBe('VALIDATION_ERROR');

    await t.database.db.update(jobs).set({ status: 'running' }).where(eq(jobs.id, jobId));
    const running = await publish(ada, { jobId });
    expect(running.statusCode).toBe(409);
    expect(running.json().message).toBe('Only a finished result can be published');
    await t.database.db.update(jobs).set({ status: 'succeeded' }).where(eq(jobs.id, jobId));

    await published(ada, { jobId });
    const again = await publish(ada, { jobId });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This result is already shared in the community');

    const guest = await t.app.inject({ method: 'POST', url: '/api/v1/community/posts', payload: { jobId } });
    expect(guest.statusCode).toBe(401);
  });
});

describe('bad input', () => {
  it('keeps script tags as inert text in JSON, and refuses long, empty, control-character and unknown fields', async () => {
    const ada = await person();
    const reportId = await reportJob(ada);
    const script = '<script>alert("x")</script><img src=x onerror=alert(1)>';
    const post = await published(ada, { jobId: reportId, title: script, prompt: `Call notes ${script}` });
    expect(post.title).toBe(script);
    const fetched = await t.app.inject({ method: 'GET', url: `/api/v1/community/posts/${post.id}` });
    expect(fetched.headers['content-type']).toMatch(/^application\/json/);
    expect(fetched.json().data.prompt).toBe(`Call notes ${script}`);

    const other = await reportJob(ada);
    for (const [body, field] of [
      [{ jobId: other, prompt: 'x'.repeat(1001) }, 'prompt'],
      [{ jobId: other, prompt: '   ' }, 'prompt'],
      [{ jobId: other, prompt: 'bell\u0007' }, 'prompt'],
      [{ jobId: other, prompt: 'ok', title: 't'.repeat(121) }, 'title'],
      [{ jobId: other, prompt: 'ok', userId: ada.id }, ''],
    ] as const) {
      const response = await publish(ada, body);
      expect(response.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      if (field) expect(JSON.stringify(response.json().error.details)).toContain(field);
    }
    const huge = await t.app.inject({
      method: 'POST',
      url: '/api/v1/community/posts',
      headers: { ...bearer(ada.token), 'content-type': 'application/json' },
      payload: JSON.stringify({ jobId: other, prompt: 'y'.repeat(2 * 1024 * 1024) }),
    });
    expect(huge.statusCode).toBe(413);
    const hugeReport = await t.app.inject({
      method: 'POST',
      url: `/api/v1/community/posts/${post.id}/report`,
      headers: bearer(ada.token),
      payload: { reason: 'z'.repeat(501) },
    });
    expect(hugeReport.statusCode).toBe(400);

    const badQuery = await t.app.inject({ method: 'GET', url: `/api/v1/community/search?q=${'q'.repeat(201)}` });
    expect(badQuery.statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/community/search?q=' })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/community/posts?tool=photoshop' })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/community/posts?limit=1000' })).statusCode).toBe(400);
  });

  it('unknown post ids are 404 on every route, malformed ones 400', async () => {
    const ada = await person();
    const unknown = '00000000-0000-4000-8000-000000000000';
    const calls = [
      { method: 'GET', url: `/api/v1/community/posts/${unknown}` },
      { method: 'GET', url: `/api/v1/community/posts/${unknown}/media` },
      { method: 'DELETE', url: `/api/v1/community/posts/${unknown}` },
      { method: 'POST', url: `/api/v1/community/posts/${unknown}/like` },
      { method: 'DELETE', url: `/api/v1/community/posts/${unknown}/like` },
      { method: 'POST', url: `/api/v1/community/posts/${unknown}/report`, payload: { reason: 'spam spam' } },
    ] as const;
    for (const call of calls) {
      const response = await t.app.inject({ ...call, headers: bearer(ada.token) });
      expect(response.statusCode, `${call.method} ${call.url}`).toBe(404);
      expect(response.json().message).toBe('Post not found');
    }
    expect((await moderate(unknown, 'hide', 'not real')).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/community/posts/abc/like', headers: bearer(ada.token) })).statusCode).toBe(
      400,
    );
  });
});

describe('likes', () => {
  it('are idempotent both ways and show as likedByMe to the person who liked', async () => {
    const ada = await person();
    const bob = await person();
    const post = await published(ada, { jobId: await imageJob(ada, 'A hummingbird in the rain') });
    const like = () => t.app.inject({ method: 'POST', url: `/api/v1/community/posts/${post.id}/like`, headers: bearer(bob.token) });
    const unlike = () => t.app.inject({ method: 'DELETE', url: `/api/v1/community/posts/${post.id}/like`, headers: bearer(bob.token) });
    expect((await like()).json().data).toEqual({ liked: true, likes: 1 });
    expect((await like()).json().data).toEqual({ liked: true, likes: 1 });
    const [first, second] = await Promise.all([like(), like()]);
    expect([first.json().data.likes, second.json().data.likes]).toEqual([1, 1]);
    const forBob = (await gallery('?limit=100', bob.token)).items.find((item) => item.id === post.id);
    expect(forBob).toMatchObject({ likes: 1, likedByMe: true, isMine: false });
    const forGuest = (await gallery('?limit=100')).items.find((item) => item.id === post.id);
    expect(forGuest).toMatchObject({ likes: 1, likedByMe: false });
    expect((await unlike()).json().data).toEqual({ liked: false, likes: 0 });
    expect((await unlike()).json().data).toEqual({ liked: false, likes: 0 });
    expect((await t.app.inject({ method: 'POST', url: `/api/v1/community/posts/${post.id}/like` })).statusCode).toBe(401);
  });

  it('the gallery sorts by likes and filters by tool', async () => {
    const ada = await person();
    const bob = await person();
    const quiet = await published(ada, { jobId: await imageJob(ada, 'A quiet harbour') });
    const loved = await published(ada, { jobId: await imageJob(ada, 'A loved harbour') });
    await t.app.inject({ method: 'POST', url: `/api/v1/community/posts/${loved.id}/like`, headers: bearer(bob.token) });
    await t.app.inject({ method: 'POST', url: `/api/v1/community/posts/${loved.id}/like`, headers: bearer(ada.token) });
    const byLikes = await gallery('?sort=likes&tool=image-generator&limit=100');
    const ids = byLikes.items.map((item) => item.id);
    expect(ids.indexOf(loved.id)).toBeLessThan(ids.indexOf(quiet.id));
    expect(byLikes.items.every((item) => item.service === 'image-generator')).toBe(true);
    const reports = await gallery('?tool=sales-pilot&limit=100');
    expect(reports.items.every((item) => item.service === 'sales-pilot')).toBe(true);
  });
});

describe('prompt search', () => {
  it('finds a published prompt by a word in it (stemmed) and never returns hidden, deleted or unpublished posts', async () => {
    const ada = await person();
    const visible = await published(ada, { jobId: await imageJob(ada, 'Two marmalade foxes asleep under a birch') });
    const toHide = await published(ada, { jobId: await imageJob(ada, 'A marmalade fox painted in neon') });
    const toDelete = await published(ada, { jobId: await imageJob(ada, 'A marmalade fox made of origami') });
    await imageJob(ada, 'A marmalade fox that was never shared');

    const found = await search('fox');
    const foundIds = found.items.map((item) => item.id);
    expect(foundIds).toEqual(expect.arrayContaining([visible.id, toHide.id, toDelete.id]));
    expect(found.items.find((item) => item.id === visible.id)!.rank).toBeGreaterThan(0);
    expect((await search('marmalade')).items.some((item) => item.prompt.includes('never shared'))).toBe(false);

    expect((await moderate(toHide.id, 'hide', 'Looks like a copy')).statusCode).toBe(200);
    const removed = await t.app.inject({ method: 'DELETE', url: `/api/v1/community/posts/${toDelete.id}`, headers: bearer(ada.token) });
    expect(removed.statusCode).toBe(200);

    const after = (await search('marmalade')).items.map((item) => item.id);
    expect(after).toContain(visible.id);
    expect(after).not.toContain(toHide.id);
    expect(after).not.toContain(toDelete.id);
    expect((await search('neon')).items.map((item) => item.id)).not.toContain(toHide.id);
    expect((await search('marmalade', '&tool=sound-generator')).items).toEqual([]);
  });

  it('ranks the better match first and understands websearch syntax', async () => {
    const ada = await person();
    const weak = await published(ada, { jobId: await imageJob(ada, 'A zeppelin drifting over fields') });
    const strong = await published(ada, {
      jobId: await imageJob(ada, 'A zeppelin in a thunderstorm, the zeppelin lit by lightning'),
      title: 'Zeppelin thunderstorm',
    });
    const ranked = await search('zeppelin thunderstorm');
    expect(ranked.items.map((item) => item.id)).toEqual([strong.id]);
    const either = await search('zeppelin or thunderstorm');
    expect(either.items.map((item) => item.id)).toEqual([strong.id, weak.id]);
    expect(either.items[0]!.rank!).toBeGreaterThan(either.items[1]!.rank!);
    expect((await search('zeppelin -thunderstorm')).items.map((item) => item.id)).toEqual([weak.id]);
    expect((await search('"over fields" zeppelin')).items.map((item) => item.id)).toEqual([weak.id]);
    // Only stop words: an empty query that matches nothing rather than an error.
    expect((await search('the and')).items).toEqual([]);
  });
});

describe('reports and moderation', () => {
  it('a report queues the post; an admin hides it with a reason, audited, and it disappears from every public view at once', async () => {
    const ada = await person();
    const bob = await person();
    const post = await published(ada, { jobId: await imageJob(ada, 'A glass octopus in a library') });
    const report = (who: Person, reason: string) =>
      t.app.inject({ method: 'POST', url: `/api/v1/community/posts/${post.id}/report`, headers: bearer(who.token), payload: { reason } });

    expect((await report(ada, 'my own')).statusCode).toBe(400);
    expect((await report(bob, 'x')).statusCode).toBe(400);
    const reported = await report(bob, 'Copied from my portfolio');
    expect(reported.statusCode).toBe(200);
    expect((await report(bob, 'Again')).statusCode).toBe(409);

    const queue = await t.app.inject({ method: 'GET', url: '/api/v1/admin/community/queue?limit=100', headers: bearer(adminToken) });
    expect(queue.statusCode).toBe(200);
    const queued = (queue.json().data.items as ModerationPost[]).find((item) => item.id === post.id);
    expect(queued).toMatchObject({ openReports: 1, reports: [{ reason: 'Copied from my portfolio' }], author: { id: ada.id } });
    expect((queue.json().data.items as ModerationPost[])[0]!.openReports).toBeGreaterThan(0);

    expect((await moderate(post.id, 'hide', '')).statusCode).toBe(400);
    expect((await moderate(post.id, 'hide', 'Reported as copied', bob.token)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/admin/community/queue' })).statusCode).toBe(401);
    const hidden = await moderate(post.id, 'hide', 'Reported as copied');
    expect(hidden.statusCode).toBe(200);
    expect(hidden.json().data).toMatchObject({
      status: 'hidden',
      openReports: 0,
      history: [{ action: 'hide', reason: 'Reported as copied', admin: 'admin@example.com' }],
    });

    expect((await gallery('?limit=100')).items.map((item) => item.id)).not.toContain(post.id);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/community/posts/${post.id}` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/community/posts/${post.id}/media` })).statusCode).toBe(404);
    expect((await search('octopus')).items).toEqual([]);
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/v1/community/posts/${post.id}/like`, headers: bearer(bob.token) })).statusCode,
    ).toBe(404);

    const mine = await t.app.inject({ method: 'GET', url: '/api/v1/community/posts/mine', headers: bearer(ada.token) });
    const own = (mine.json().data.items as CommunityPost[]).find((item) => item.id === post.id);
    expect(own).toMatchObject({ status: 'hidden' });
    expect(own!.media.url).toMatch(/^\/api\/v1\/files\//);

    const [entry] = await t.database.db.select().from(auditLog).where(eq(auditLog.targetId, post.id));
    expect(entry).toMatchObject({
      action: 'community_post.hide',
      targetType: 'community_post',
      before: { status: 'published', openReports: 1 },
    });
    expect(entry!.after).toMatchObject({ status: 'hidden', reason: 'Reported as copied' });

    const approved = await moderate(post.id, 'approve', 'Checked with the author, original work');
    expect(approved.json().data).toMatchObject({ status: 'published', moderation: 'approved' });
    expect((await search('octopus')).items.map((item) => item.id)).toEqual([post.id]);

    expect((await moderate(post.id, 'delete', 'Asked by the rights holder')).statusCode).toBe(200);
    expect((await search('octopus')).items).toEqual([]);
    expect((await moderate(post.id, 'approve', 'Undo')).statusCode).toBe(404);
    const republish = await publish(ada, {
      jobId: (await t.database.db.select({ jobId: jobs.id }).from(jobs).where(eq(jobs.userId, ada.id)))[0]!.jobId,
    });
    expect(republish.statusCode).toBe(409);
  });

  it('a hidden post stays visible to its author only; their delete keeps it deleted so the result cannot be shared again', async () => {
    const ada = await person();
    const bob = await person();
    const jobId = await reportJob(ada);
    const post = await published(ada, { jobId, prompt: 'Objection handling on a renewal call' });
    expect((await moderate(post.id, 'hide', 'Contains a customer name')).statusCode).toBe(200);
    const asAuthor = await t.app.inject({ method: 'GET', url: `/api/v1/community/posts/${post.id}`, headers: bearer(ada.token) });
    expect(asAuthor.statusCode).toBe(200);
    expect(asAuthor.json().data).toMatchObject({ status: 'hidden', isMine: true });
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/community/posts/${post.id}`, headers: bearer(bob.token) })).statusCode).toBe(
      404,
    );
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/v1/community/posts/${post.id}`, headers: bearer(ada.token) })).statusCode,
    ).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/community/posts/${post.id}`, headers: bearer(ada.token) })).statusCode).toBe(
      404,
    );
    const again = await publish(ada, { jobId, prompt: 'Trying again' });
    expect(again.statusCode).toBe(409);
  });

  it('the OpenAPI document lists the community and moderation routes', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json() as {
      paths: Record<string, unknown>;
      tags: { name: string }[];
    };
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/api/v1/community/posts',
        '/api/v1/community/search',
        '/api/v1/community/posts/{id}/report',
        '/api/v1/admin/community/queue',
        '/api/v1/admin/community/posts/{id}/hide',
      ]),
    );
    expect(document.tags.map((tag) => tag.name)).toContain('community');
  });

  it('new posts wait in the queue until approved; authors take down only their own posts', async () => {
    const ada = await person();
    const bob = await person();
    const post = await published(ada, { jobId: await imageJob(ada, 'A brass telescope on a rooftop') });
    const inQueue = async () =>
      (
        (await t.app.inject({ method: 'GET', url: '/api/v1/admin/community/queue?limit=100', headers: bearer(adminToken) })).json().data
          .items as ModerationPost[]
      ).some((item) => item.id === post.id);
    expect(await inQueue()).toBe(true);
    expect((await moderate(post.id, 'approve', 'Looks good')).statusCode).toBe(200);
    expect(await inQueue()).toBe(false);

    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/v1/community/posts/${post.id}`, headers: bearer(bob.token) })).statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/v1/community/posts/${post.id}`, headers: bearer(ada.token) })).statusCode,
    ).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/community/posts/${post.id}` })).statusCode).toBe(404);
  });
});
