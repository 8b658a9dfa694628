import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { adminAccessToken, buildTestApp } from '../../test/build-test-app.ts';
import type { TestApp } from '../../test/build-test-app.ts';
import { bearer, multipartFile, registerUser } from '../../test/http-helpers.ts';
import { auditLog } from '../audit/tables.ts';
import { seedPosts } from './seed-posts.ts';
import { blogPosts } from './tables.ts';

let t: TestApp;
let admin: Record<string, string>;
const now = new Date('2026-11-01T12:00:00Z');

beforeAll(async () => {
  t = await buildTestApp({ clock: () => now });
  admin = bearer(await adminAccessToken(t.app));
});
afterAll(async () => t.close());

const words = (count: number) => Array.from({ length: count }, (_, i) => `word${i}`).join(' ');

function post(overrides: Record<string, unknown> = {}) {
  const slug = `post-${Math.random().toString(36).slice(2, 10)}`;
  return {
    title: 'A post',
    slug,
    excerpt: 'Short',
    body: words(50),
    tags: ['guides'],
    authorName: 'Ada',
    status: 'published',
    ...overrides,
  };
}

async function create(body: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: '/api/v1/admin/blog/posts', headers: admin, payload: body });
}

describe('public blog', () => {
  it('lists the seeded articles, newest first, with reading times, and serves each one', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/blog/posts?tag=pricing' });
    expect(response.statusCode).toBe(200);
    const { items, limit } = response.json().data;
    expect(limit).toBe(10);
    expect(items[0]).toMatchObject({ slug: 'six-tools-one-credit-balance', authorName: 'The Lumen Studio team' });
    expect(items[0].readingMinutes).toBeGreaterThanOrEqual(2);
    for (const seeded of seedPosts) {
      const one = await t.app.inject({ method: 'GET', url: `/api/v1/blog/posts/${seeded.slug}` });
      expect(one.statusCode).toBe(200);
      expect(one.json().data.html).toContain('<h2>');
    }
  });

  it('shows only published posts whose date has come, newest first, paginated and filtered by tag', async () => {
    const tag = `t${Date.now()}`;
    const draft = post({ status: 'draft', tags: [tag] });
    const future = post({ tags: [tag], publishAt: '2026-12-01T00:00:00Z' });
    const older = post({ tags: [tag], publishAt: '2026-10-01T00:00:00Z', title: 'Older' });
    const newer = post({ tags: [tag], publishAt: '2026-10-20T00:00:00Z', title: 'Newer' });
    for (const body of [draft, future, older, newer]) expect((await create(body)).statusCode).toBe(201);

    const list = (await t.app.inject({ method: 'GET', url: `/api/v1/blog/posts?tag=${tag}&limit=1&page=1` })).json().data;
    expect(list).toMatchObject({ total: 2, totalPages: 2, page: 1, limit: 1 });
    expect(list.items.map((item: { slug: string }) => item.slug)).toEqual([newer.slug]);
    const second = (await t.app.inject({ method: 'GET', url: `/api/v1/blog/posts?tag=${tag}&limit=1&page=2` })).json().data;
    expect(second.items.map((item: { slug: string }) => item.slug)).toEqual([older.slug]);

    for (const hidden of [draft, future]) {
      const response = await t.app.inject({ method: 'GET', url: `/api/v1/blog/posts/${hidden.slug}` });
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe('Article not found');
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/blog/posts/no-such-post' })).statusCode).toBe(404);
  });

  it('gives reading time at 200 words a minute, rounded up, and related posts by shared tags', async () => {
    const tag = `r${Date.now()}`;
    const main = post({ body: words(401), tags: [tag, 'x'] });
    const related = post({ tags: [tag], publishAt: '2026-10-02T00:00:00Z' });
    const unrelated = post({ tags: ['other-tag'] });
    for (const body of [main, related, unrelated]) await create(body);
    const data = (await t.app.inject({ method: 'GET', url: `/api/v1/blog/posts/${main.slug}` })).json().data;
    expect(data.readingMinutes).toBe(3);
    expect(data.related.map((item: { slug: string }) => item.slug)).toEqual([related.slug]);
  });
});

describe('bad input and unsafe markdown', () => {
  it('renders script, event handlers and javascript: links inert, and keeps the title as text', async () => {
    const body = post({
      title: '<script>alert(1)</script> Title',
      body: '<script>alert(1)</script>\n\n<img src=x onerror=alert(1)>\n\n[click](javascript:alert(1)) [data](data:text/html,hi) ![i](javascript:x)\n\n<a href="javascript:alert(1)" onclick="x()">a</a>',
    });
    expect((await create(body)).statusCode).toBe(201);
    const data = (await t.app.inject({ method: 'GET', url: `/api/v1/blog/posts/${body.slug}` })).json().data;
    expect(data.title).toBe('<script>alert(1)</script> Title'); // shown as text by React, never as HTML
    expect(data.html).not.toMatch(/<script/i);
    expect(data.html).not.toMatch(/<[a-z]+[^>]*\son[a-z]+=/i);
    expect(data.html).not.toMatch(/href="\s*(javascript|data):/i);
    expect(data.html).not.toMatch(/src="\s*(javascript|data):/i);
    expect(data.html).toContain('&lt;script&gt;');
    const [row] = await t.database.db.select().from(blogPosts).where(eq(blogPosts.slug, body.slug));
    expect(row?.bodyHtml).not.toMatch(/<script|<img|<[^>]+\son[a-z]+=|href="javascript:/i); // the stored HTML holds the text, never the tags
  });

  it('refuses bad fields with 400, huge bodies with 413 or 400, duplicate slugs with 409', async () => {
    const badSlug = await create(post({ slug: 'Not A Slug!' }));
    expect(badSlug.statusCode).toBe(400);
    expect(badSlug.json().error.details[0].field).toBe('slug');
    const noTitle = await create(post({ title: '   ' }));
    expect(noTitle.statusCode).toBe(400);
    expect(noTitle.json().message).toContain('Title is required');
    expect((await create(post({ status: 'live' }))).statusCode).toBe(400);
    expect((await create(post({ publishAt: 'tomorrow' }))).statusCode).toBe(400);
    // Years a driver cannot read back (0030 came back as an invalid date and broke the audit entry: 500).
    for (const publishAt of ['0030-01-01T00:00:00Z', '0001-06-01T00:00:00Z', '1999-12-31T23:59:59Z', '2101-01-01T00:00:00Z']) {
      const outOfRange = await create(post({ publishAt }));
      expect(outOfRange.statusCode, publishAt).toBe(400);
      expect(outOfRange.json().error.details).toContainEqual({
        field: 'publishAt',
        message: 'Publish date must be between the years 2000 and 2100',
      });
    }
    expect((await create(post({ publishAt: '2100-12-31T23:00:00Z' }))).statusCode).toBe(201);
    expect((await create(post({ coverImage: '../../etc/passwd' }))).statusCode).toBe(400);
    expect((await create(post({ role: 'ADMIN' }))).statusCode).toBe(400);

    const tooLong = await create(post({ body: 'a'.repeat(200_001) }));
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toContain('at most 200,000 characters');
    const huge = await create(post({ body: 'a'.repeat(1_100_000) }));
    expect(huge.statusCode).toBe(413);

    const first = post();
    expect((await create(first)).statusCode).toBe(201);
    const duplicate = await create(post({ slug: first.slug }));
    expect(duplicate.statusCode).toBe(409);
    const count = await t.database.db.select().from(blogPosts).where(eq(blogPosts.slug, first.slug));
    expect(count).toHaveLength(1);
  });

  it('keeps the admin routes to admins', async () => {
    const user = await registerUser(t.app);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/admin/blog/posts' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/admin/blog/posts', headers: bearer(user.accessToken) })).statusCode).toBe(
      403,
    );
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/v1/admin/blog/posts', headers: bearer(user.accessToken), payload: post() }))
        .statusCode,
    ).toBe(403);
  });
});

describe('admin editing', () => {
  it('saves a draft, publishes it, renames its slug, lists and searches it, deletes it, each audited', async () => {
    const draft = post({ status: 'draft', title: 'Zebra stripes in product shots' });
    const created = await create(draft);
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ message: 'Draft saved', data: { status: 'draft', isLive: false, publishAt: null } });

    const published = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/admin/blog/posts/${draft.slug}`,
      headers: admin,
      payload: { ...draft, slug: `${draft.slug}-v2`, status: 'published' },
    });
    expect(published.statusCode).toBe(200);
    expect(published.json().data).toMatchObject({
      status: 'published',
      isLive: true,
      publishAt: now.toISOString(),
      slug: `${draft.slug}-v2`,
    });
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/blog/posts/${draft.slug}-v2` })).statusCode).toBe(200);

    const search = (
      await t.app.inject({ method: 'GET', url: '/api/v1/admin/blog/posts?search=zebra&status=published', headers: admin })
    ).json().data;
    expect(search.items.map((item: { slug: string }) => item.slug)).toEqual([`${draft.slug}-v2`]);

    const removed = await t.app.inject({ method: 'DELETE', url: `/api/v1/admin/blog/posts/${draft.slug}-v2`, headers: admin });
    expect(removed.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/admin/blog/posts/${draft.slug}-v2`, headers: admin })).statusCode).toBe(404);
    const id = created.json().data.id;
    const actions = (await t.database.db.select().from(auditLog).where(eq(auditLog.targetId, id))).map((row) => row.action).sort();
    expect(actions).toEqual(['blog_post.create', 'blog_post.delete', 'blog_post.update']);
  });

  it('a stored date the driver cannot read (year 0030, from before the range check) breaks neither the list nor the audit entry', async () => {
    const body = post({ status: 'draft' });
    await t.database.db.insert(blogPosts).values({
      title: body.title,
      slug: body.slug,
      excerpt: body.excerpt,
      body: body.body,
      bodyHtml: '<p>x</p>',
      readingMinutes: 1,
      tags: [],
      authorName: body.authorName,
      status: 'draft',
      publishAt: new Date('0030-01-01T00:00:00Z'),
    });
    const list = await t.app.inject({ method: 'GET', url: `/api/v1/admin/blog/posts?search=${body.slug}`, headers: admin });
    expect(list.statusCode).toBe(200);
    expect(list.json().data.items[0]).toMatchObject({ slug: body.slug, publishAt: null });
    const saved = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/admin/blog/posts/${body.slug}`,
      headers: admin,
      payload: { ...body, status: 'published' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.publishAt).toBe(now.toISOString());
    const [entry] = await t.database.db.select().from(auditLog).where(eq(auditLog.targetId, saved.json().data.id));
    expect(entry).toMatchObject({ action: 'blog_post.update', before: { publishAt: null }, after: { publishAt: now.toISOString() } });
    const badUpdate = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/admin/blog/posts/${body.slug}`,
      headers: admin,
      payload: { ...body, publishAt: '0030-01-01T00:00:00Z' },
    });
    expect(badUpdate.statusCode).toBe(400);
  });

  it('uploads a cover judged by its content, serves it publicly as WebP, and refuses other files', async () => {
    const png = await sharp({ create: { width: 800, height: 400, channels: 3, background: '#ff8800' } })
      .png()
      .toBuffer();
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/blog/covers',
      ...withAuth(multipartFile('file', 'c.png', 'image/png', png)),
    });
    expect(upload.statusCode).toBe(201);
    const { coverImage, coverImageUrl } = upload.json().data;
    const served = await t.app.inject({ method: 'GET', url: coverImageUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    const withCover = post({ coverImage });
    expect((await create(withCover)).json().data.coverImageUrl).toBe(coverImageUrl);

    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/blog/covers',
      ...withAuth(multipartFile('file', 'c.png', 'image/png', svg)),
    });
    expect(refused.statusCode).toBe(415);
    expect((await create(post({ coverImage: 'blog-covers/0123456789abcdef0123456789abcdef.webp' }))).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/blog/covers/..%2F..%2Fsecrets.json' })).statusCode).toBe(404);

    // Replacing the cover removes the old file; deleting the article removes the new one.
    const second = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/blog/covers',
      ...withAuth(multipartFile('file', 'd.png', 'image/png', png)),
    });
    const next = second.json().data;
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: `/api/v1/admin/blog/posts/${withCover.slug}`,
          headers: admin,
          payload: { ...withCover, coverImage: next.coverImage },
        })
      ).statusCode,
    ).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: coverImageUrl })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/v1/admin/blog/posts/${withCover.slug}`, headers: admin })).statusCode).toBe(
      200,
    );
    expect((await t.app.inject({ method: 'GET', url: next.coverImageUrl })).statusCode).toBe(404);
  });
});

function withAuth(part: { payload: Buffer; headers: Record<string, string> }) {
  return { payload: part.payload, headers: { ...part.headers, ...admin } };
}
