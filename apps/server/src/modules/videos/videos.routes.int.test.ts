import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { adminAccessToken, buildTestApp } from '../../test/build-test-app.ts';
import type { TestApp } from '../../test/build-test-app.ts';
import { bearer, registerUser } from '../../test/http-helpers.ts';
import { auditLog } from '../audit/tables.ts';

let t: TestApp;
let admin: Record<string, string>;
beforeAll(async () => {
  t = await buildTestApp();
  admin = bearer(await adminAccessToken(t.app));
});
afterAll(async () => t.close());

const video = {
  service: 'speedpainting',
  title: 'Your first speed painting',
  url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
  description: 'Upload, wait, share.',
  durationLabel: '2:10',
};

describe('tutorial videos', () => {
  it('admins add, edit and remove videos that everyone sees with an embed address; each change audited', async () => {
    const created = await t.app.inject({ method: 'POST', url: '/api/v1/admin/videos', headers: admin, payload: video });
    expect(created.statusCode).toBe(201);
    const id = created.json().data.id;
    const list = (await t.app.inject({ method: 'GET', url: '/api/v1/videos' })).json().data;
    expect(list).toEqual([
      expect.objectContaining({ id, title: 'Your first speed painting', embedUrl: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ' }),
    ]);

    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/admin/videos/${id}`,
      headers: admin,
      payload: { ...video, url: 'https://example.com/tutorial.mp4' },
    });
    expect(edited.json().data).toMatchObject({ url: 'https://example.com/tutorial.mp4', embedUrl: null });
    expect((await t.app.inject({ method: 'DELETE', url: `/api/v1/admin/videos/${id}`, headers: admin })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/videos' })).json().data).toEqual([]);
    const actions = (await t.database.db.select().from(auditLog).where(eq(auditLog.targetId, id))).map((row) => row.action).sort();
    expect(actions).toEqual(['tutorial_video.create', 'tutorial_video.delete', 'tutorial_video.update']);
  });

  it('refuses unsafe links and unknown tools, and non-admins', async () => {
    for (const url of ['javascript:alert(1)', 'http://insecure.example/v', 'data:text/html,x']) {
      const response = await t.app.inject({ method: 'POST', url: '/api/v1/admin/videos', headers: admin, payload: { ...video, url } });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.details[0].field).toBe('url');
    }
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/v1/admin/videos', headers: admin, payload: { ...video, service: 'nope' } }))
        .statusCode,
    ).toBe(400);
    const user = await registerUser(t.app);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/v1/admin/videos', headers: bearer(user.accessToken), payload: video })).statusCode,
    ).toBe(403);
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: '/api/v1/admin/videos/00000000-0000-4000-8000-000000000000',
          headers: admin,
          payload: video,
        })
      ).statusCode,
    ).toBe(404);
  });
});
