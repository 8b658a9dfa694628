import { describe, expect, it } from 'vitest';
import { createLumenClient, normalizeBaseUrl } from '../src/index.ts';
import { fileNameFrom } from '../src/downloads.ts';
import { contentTypeFor, purposeFor } from '../src/uploads.ts';

describe('small helpers', () => {
  it('normalizeBaseUrl keeps the origin and any path prefix, without a trailing slash or /api/v1', () => {
    expect(normalizeBaseUrl('https://lumen.example')).toBe('https://lumen.example');
    expect(normalizeBaseUrl('https://lumen.example/')).toBe('https://lumen.example');
    expect(normalizeBaseUrl('https://lumen.example/api/v1/')).toBe('https://lumen.example');
    expect(normalizeBaseUrl('http://127.0.0.1:3000/studio')).toBe('http://127.0.0.1:3000/studio');
    expect(() => normalizeBaseUrl('lumen.example')).toThrow();
  });

  it('createLumenClient needs an API key', () => {
    expect(() => createLumenClient({ apiKey: ' ', baseUrl: 'https://lumen.example' })).toThrow(/apiKey/);
  });

  it('fileNameFrom reads filename* first, then filename', () => {
    expect(fileNameFrom(`attachment; filename="caf_.png"; filename*=UTF-8''caf%C3%A9.png`)).toBe('café.png');
    expect(fileNameFrom('attachment; filename="result.wav"')).toBe('result.wav');
    expect(fileNameFrom('attachment; filename=plain.txt')).toBe('plain.txt');
    expect(fileNameFrom('attachment')).toBeNull();
    expect(fileNameFrom(null)).toBeNull();
  });

  it('uploads guess the content type and purpose from the Blob or the name', () => {
    expect(contentTypeFor(new Uint8Array(1), 'photo.JPG')).toBe('image/jpeg');
    expect(contentTypeFor(new Blob(['x'], { type: 'image/webp' }), 'photo')).toBe('image/webp');
    expect(contentTypeFor(new Uint8Array(1), 'photo', 'image/png')).toBe('image/png');
    expect(contentTypeFor(new Uint8Array(1), 'blob.bin')).toBe('application/octet-stream');
    expect(purposeFor('text/plain; charset=utf-8', 'call')).toBe('transcript');
    expect(purposeFor('application/octet-stream', 'call.srt')).toBe('transcript');
    expect(purposeFor('image/png', 'photo.png')).toBe('image');
  });
});
