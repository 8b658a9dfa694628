import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { adminAccessToken } from '../../test/build-test-app.ts';
import { bearer } from '../../test/http-helpers.ts';
import { msUntil, twoProcessesForFile } from '../../test/two-processes.ts';

// Every process keeps each page of the public blog list (by its normalised query), serialised with its ETag, until a
// post changes in any process (the database's notice) or the next scheduled post goes live.
const { first, second } = twoProcessesForFile();

const listOn = (app: FastifyInstance, query: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url: `/api/v1/blog/posts?${query}`, headers });
const slugsOf = (response: { json: () => { data: { items: { slug: string }[] } } }) => response.json().data.items.map((item) => item.slug);

async function publish(tag: string, publishAt?: Date): Promise<string> {
  const slug = `copy-${Math.random().toString(36).slice(2, 10)}`;
  const response = await first().app.inject({
    method: 'POST',
    url: '/api/v1/admin/blog/posts',
    headers: bearer(await adminAccessToken(first().app)),
    payload: {
      title: 'A kept post',
      slug,
      excerpt: 'Short',
      body: 'Some words to read.',
      tags: [tag],
      authorName: 'Ada',
      status: 'published',
      ...(publishAt ? { publishAt: publishAt.toISOString() } : {}),
    },
  });
  expect(response.statusCode).toBe(201);
  return slug;
}

describe('the public blog list kept in memory', () => {
  it('shows an admin’s new post at once on the process that made it and within a second on the other', async () => {
    const tag = `kept${Date.now()}`;
    expect(slugsOf(await listOn(first().app, `tag=${tag}`))).toEqual([]);
    expect(slugsOf(await listOn(second(), `tag=${tag}`))).toEqual([]);
    const slug = await publish(tag);
    expect(slugsOf(await listOn(first().app, `tag=${tag}`))).toEqual([slug]);
    const elapsed = await msUntil(async () => slugsOf(await listOn(second(), `tag=${tag}`)).includes(slug));
    expect(elapsed).toBeLessThan(1000);
  });

  it('shows a scheduled post once its time has come, without any write', async () => {
    const tag = `later${Date.now()}`;
    const slug = await publish(tag, new Date(Date.now() + 1500));
    const before = await listOn(second(), `tag=${tag}`);
    expect(slugsOf(before)).toEqual([]);
    const held = await listOn(second(), `tag=${tag}`, { 'if-none-match': before.headers.etag as string });
    expect(held.statusCode).toBe(304);
    await msUntil(async () => slugsOf(await listOn(second(), `tag=${tag}`)).includes(slug), 4000);
    const after = await listOn(second(), `tag=${tag}`, { 'if-none-match': before.headers.etag as string });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
  });

  it('keeps each query apart, the same query however it is written, with ETags and 304', async () => {
    const tag = `pages${Date.now()}`;
    const slugs = [await publish(tag), await publish(tag), await publish(tag)];
    const pageOne = await listOn(second(), `tag=${tag}&limit=2`);
    const pageTwo = await listOn(second(), `tag=${tag}&limit=2&page=2`);
    expect([...slugsOf(pageOne), ...slugsOf(pageTwo)].sort()).toEqual([...slugs].sort());
    const sameQuery = await listOn(second(), `page=1&limit=2&tag=${tag.toUpperCase()}`);
    expect(sameQuery.body).toBe(pageOne.body);
    expect(sameQuery.headers.etag).toBe(pageOne.headers.etag);
    expect(pageTwo.headers.etag).not.toBe(pageOne.headers.etag);
    const held = await listOn(second(), `tag=${tag}&limit=2`, { 'if-none-match': `W/"other", ${pageOne.headers.etag as string}` });
    expect(held.statusCode).toBe(304);
    expect(held.body).toBe('');
    expect((await listOn(second(), `tag=${tag}&limit=2`, { 'if-none-match': '"other"' })).statusCode).toBe(200);
  });
});
