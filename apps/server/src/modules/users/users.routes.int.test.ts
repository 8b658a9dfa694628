import { existsSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AVATAR_MAX_BYTES } from '@lumen/core/users/schemas';
import { userSchema } from '@lumen/core/users/schemas';
import { buildTestApp } from '../../test/build-test-app.ts';
import type { TestApp } from '../../test/build-test-app.ts';
import { bearer, multipartFile, registerUser } from '../../test/http-helpers.ts';

let t: TestApp;
let png: Buffer;
let noisyPng: Buffer;
beforeAll(async () => {
  t = await buildTestApp();
  png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3366ff' } })
    .png()
    .toBuffer();
  noisyPng = await sharp({
    create: { width: 256, height: 256, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 40 } },
  })
    .png()
    .toBuffer();
});
afterAll(async () => {
  await t?.close();
});

const uploadAvatar = (token: string, data: Buffer, fileName = 'me.png', type = 'image/png', field = 'profileImage') => {
  const { payload, headers } = multipartFile(field, fileName, type, data);
  return t.app.inject({ method: 'POST', url: '/api/v1/user/me/avatar', payload, headers: { ...headers, ...bearer(token) } });
};

describe('GET /user/me', () => {
  it('needs a valid access token', async () => {
    for (const headers of [{}, bearer('not-a-jwt'), { authorization: 'Basic abc' }]) {
      const response = await t.app.inject({ method: 'GET', url: '/api/v1/user/me', headers });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ success: false, error: { code: 'UNAUTHORIZED' } });
    }
  });

  it('returns the user object of the shared schema', async () => {
    const { accessToken, user } = await registerUser(t.app, { firstName: 'Grace', lastName: 'Hopper' });
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/user/me', headers: bearer(accessToken) });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.success).toBe(true);
    expect(userSchema.strict().parse(body.data)).toEqual(user);
    expect(body.data).toMatchObject({ firstName: 'Grace', lastName: 'Hopper', credit: { balance: 5, spent: 0 } });
  });
});

describe('PUT /user/me', () => {
  it('changes the names', async () => {
    const { accessToken } = await registerUser(t.app);
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/user/me',
      headers: bearer(accessToken),
      payload: { firstName: 'Katherine', lastName: 'Johnson' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      success: true,
      message: 'Profile updated successfully',
      data: { firstName: 'Katherine', lastName: 'Johnson' },
    });
  });

  it.each([
    [{ role: 'ADMIN' }, 'role'],
    [{ credit: { balance: 999 } }, 'credit'],
    [{ email: 'new@example.com' }, 'email'],
    [{ firstName: 'Ok', profileImage: 'https://evil.example/x.png' }, 'profileImage'],
  ])('refuses %o with 400 and changes nothing', async (payload, field) => {
    const { accessToken, user } = await registerUser(t.app);
    const response = await t.app.inject({ method: 'PUT', url: '/api/v1/user/me', headers: bearer(accessToken), payload });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.details).toContainEqual({ field, message: `${field} is not an accepted field` });
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/user/me', headers: bearer(accessToken) });
    expect(me.json().data).toEqual(user);
  });

  it('refuses an empty name and an empty body', async () => {
    const { accessToken } = await registerUser(t.app);
    const blank = await t.app.inject({ method: 'PUT', url: '/api/v1/user/me', headers: bearer(accessToken), payload: { firstName: '  ' } });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe('firstName: First name is required');
    const empty = await t.app.inject({ method: 'PUT', url: '/api/v1/user/me', headers: bearer(accessToken), payload: {} });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Nothing to update');
  });

  it('needs a token', async () => {
    const response = await t.app.inject({ method: 'PUT', url: '/api/v1/user/me', payload: { firstName: 'X' } });
    expect(response.statusCode).toBe(401);
  });
});

describe('POST /user/me/avatar', () => {
  it('re-encodes a PNG to a 512 px WebP, serves it, and replaces the previous file', async () => {
    const { accessToken } = await registerUser(t.app);
    const first = await uploadAvatar(accessToken, png);
    expect(first.statusCode).toBe(200);
    const firstPath = first.json().data.profileImage as string;
    expect(firstPath).toMatch(/^uploads\/avatars\/[0-9a-f]{32}\.webp$/);

    const served = await t.app.inject({ method: 'GET', url: `/${firstPath}` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 512, height: 512 });

    // A JPEG declared as something else is still judged by its content.
    const jpeg = await sharp(png).jpeg().toBuffer();
    const second = await uploadAvatar(accessToken, jpeg, 'photo.bin', 'application/octet-stream');
    expect(second.statusCode).toBe(200);
    const secondPath = second.json().data.profileImage as string;
    expect(secondPath).not.toBe(firstPath);
    expect(existsSync(join(t.config.dataDir, firstPath))).toBe(false);
    expect(existsSync(join(t.config.dataDir, secondPath))).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: `/${firstPath}` })).statusCode).toBe(404);
  });

  it('refuses a text file named .png with 415', async () => {
    const { accessToken } = await registerUser(t.app);
    const response = await uploadAvatar(accessToken, Buffer.from('just some text, not an image'), 'fake.png', 'image/png');
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({
      success: false,
      message: 'Only PNG, JPEG or WebP images are allowed',
      error: { code: 'UNSUPPORTED_MEDIA_TYPE' },
    });
  });

  it('refuses GIF and SVG content with 415', async () => {
    const { accessToken } = await registerUser(t.app);
    const gif = await sharp(png).gif().toBuffer();
    expect((await uploadAvatar(accessToken, gif, 'a.png')).statusCode).toBe(415);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>');
    expect((await uploadAvatar(accessToken, svg, 'a.webp', 'image/webp')).statusCode).toBe(415);
  });

  it('refuses a file over 5 MB with 413', async () => {
    const { accessToken } = await registerUser(t.app);
    const big = Buffer.concat([png, Buffer.alloc(AVATAR_MAX_BYTES + 1 - png.length + 10)]);
    const response = await uploadAvatar(accessToken, big);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({
      success: false,
      message: 'Image is too large (max 5 MB)',
      error: { code: 'PAYLOAD_TOO_LARGE' },
    });
  });

  it('refuses a truncated PNG with 422', async () => {
    const { accessToken, user } = await registerUser(t.app);
    const truncated = noisyPng.subarray(0, Math.floor(noisyPng.length / 2));
    const response = await uploadAvatar(accessToken, truncated);
    expect(response.statusCode).toBe(422);
    expect(response.json().error.code).toBe('UNPROCESSABLE');
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/user/me', headers: bearer(accessToken) });
    expect(me.json().data.profileImage).toBe(user.profileImage);
  });

  it('refuses a decompression bomb (too many pixels) with 422', async () => {
    const { accessToken } = await registerUser(t.app);
    const bomb = await sharp({ create: { width: 8000, height: 6000, channels: 3, background: '#000' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(AVATAR_MAX_BYTES);
    const response = await uploadAvatar(accessToken, bomb);
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe('Image dimensions are too large (max 40 megapixels)');
  });

  it('asks for the profileImage field and for multipart', async () => {
    const { accessToken } = await registerUser(t.app);
    const wrongField = await uploadAvatar(accessToken, png, 'a.png', 'image/png', 'avatar');
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().message).toBe('profileImage: Please choose an image file');
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/me/avatar',
      headers: bearer(accessToken),
      payload: { profileImage: 'x' },
    });
    expect(json.statusCode).toBe(415);
  });

  it('needs a token', async () => {
    const { payload, headers } = multipartFile('profileImage', 'a.png', 'image/png', png);
    const response = await t.app.inject({ method: 'POST', url: '/api/v1/user/me/avatar', payload, headers });
    expect(response.statusCode).toBe(401);
  });
});

describe('GET /uploads/avatars/:file', () => {
  it('answers 404 with the envelope for unknown or malformed names', async () => {
    for (const url of [
      '/uploads/avatars/0123456789abcdef0123456789abcdef.webp',
      '/uploads/avatars/..%2F..%2Fsecrets.json',
      '/uploads/nope',
    ]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(response.json().success).toBe(false);
    }
  });
});
