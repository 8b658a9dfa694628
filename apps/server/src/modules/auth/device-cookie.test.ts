import { describe, expect, it } from 'vitest';
import { createDeviceCookies } from './device-cookie.ts';

describe('device cookies', () => {
  const devices = createDeviceCookies('a-secret-of-at-least-32-characters-long');

  it('names a device for the address it was issued for, and no other', () => {
    const cookie = devices.afterSignIn(undefined, 'Ada@example.com');
    const id = devices.deviceIdFor(cookie, 'ada@example.com');
    expect(id).toMatch(/^[\w-]{16}$/);
    expect(devices.deviceIdFor(cookie, 'eve@example.com')).toBeNull();
    expect(createDeviceCookies('another-secret-of-at-least-32-chars').deviceIdFor(cookie, 'ada@example.com')).toBeNull();
  });

  it('refuses altered or malformed cookies', () => {
    const cookie = devices.afterSignIn(undefined, 'ada@example.com');
    const [id, signature] = cookie.split('.');
    // Change the first character of the signature to another one (the last may carry only padding bits, or already be the new one).
    const altered = `${signature![0] === 'A' ? 'B' : 'A'}${signature!.slice(1)}`;
    expect(devices.deviceIdFor(`${id}.${altered}`, 'ada@example.com')).toBeNull();
    expect(devices.deviceIdFor('garbage', 'ada@example.com')).toBeNull();
    expect(devices.deviceIdFor(undefined, 'ada@example.com')).toBeNull();
  });

  it('keeps the last five accounts, renewing the one signed in to', () => {
    let cookie: string | undefined;
    for (const name of ['a', 'b', 'c', 'd', 'e', 'f']) cookie = devices.afterSignIn(cookie, `${name}@example.com`);
    expect(devices.deviceIdFor(cookie, 'a@example.com')).toBeNull();
    const before = devices.deviceIdFor(cookie, 'c@example.com');
    expect(before).not.toBeNull();
    cookie = devices.afterSignIn(cookie, 'c@example.com');
    expect(devices.deviceIdFor(cookie, 'c@example.com')).not.toBe(before);
    expect(cookie.split('~')).toHaveLength(5);
  });
});
