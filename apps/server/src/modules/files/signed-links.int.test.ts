import { describe, expect, it } from 'vitest';
import { appForFile } from '../../test/http-helpers.ts';

const { app } = appForFile();

/** A link to a key that holds no file: a link that passes its signature check answers 404, one that fails it 403. */
const linkToNothing = () => app().fileLinks.sign({ key: 'nothing/here.png', contentType: 'image/png', disposition: 'inline' });

describe('signed file links', () => {
  it('takes a link exactly as signed', async () => {
    const response = await app().inject({ method: 'GET', url: linkToNothing().url });
    expect(response.statusCode).toBe(404);
  });

  it('refuses a link with characters after the signature, or its signature written another way', async () => {
    const { url, token } = linkToNothing();
    const signature = token.split('.')[1]!;
    // The last of the 43 characters carries 4 bits of the MAC and 2 unused ones: flipping an unused bit decodes alike.
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const sameBytes = signature.slice(0, -1) + alphabet[alphabet.indexOf(signature.at(-1)!) ^ 1];
    expect(Buffer.from(sameBytes, 'base64url')).toEqual(Buffer.from(signature, 'base64url'));
    const altered = [
      `${url}!`,
      `${url}~`,
      `${url}*`,
      `${url}%21`,
      `${url}%00`,
      `${url}%20`,
      `${url}=`,
      `${url}A`,
      `${url}.`,
      url.replace(signature, sameBytes),
    ];
    for (const attempt of altered) {
      const response = await app().inject({ method: 'GET', url: attempt });
      expect(response.statusCode, attempt).toBe(403);
      expect(response.json().message).toBe('This link has expired or is not valid; open the file again from the app');
    }
  });
});
