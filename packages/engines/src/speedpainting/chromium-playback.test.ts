import { existsSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { renderSpeedpaintingVideo } from './render-video.ts';
import { landscapeImage } from './test-pictures.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Plays the renderer's MP4 in a real browser: readyState, duration, size, playback and a seek. */
describe.skipIf(!existsSync(CHROMIUM))('speed painting video in Chromium', () => {
  it('loads, plays and seeks the MP4', async () => {
    // playwright-core is a dependency of the e2e workspace; the browser is the system's Chromium.
    const { chromium } = await import('playwright-core');
    const video = await renderSpeedpaintingVideo(await landscapeImage(320, 240), {
      style: 'oil',
      durationSeconds: 3,
      fps: 24,
      crf: 23,
      seed: 1,
      preview: false,
    });
    const server = createServer((request, response) => {
      if (request.url === '/painting.mp4') {
        // Browsers seek media with range requests, as the storage routes will serve them.
        const range = /bytes=(\d+)-(\d*)/.exec(request.headers.range ?? '');
        const start = range ? Number(range[1]) : 0;
        const end = range?.[2] ? Number(range[2]) : video.mp4.length - 1;
        response.writeHead(range ? 206 : 200, {
          'content-type': 'video/mp4',
          'accept-ranges': 'bytes',
          'content-length': end - start + 1,
          ...(range ? { 'content-range': `bytes ${start}-${end}/${video.mp4.length}` } : {}),
        });
        response.end(video.mp4.subarray(start, end + 1));
      } else {
        response.writeHead(200, { 'content-type': 'text/html' });
        response.end('<!doctype html><video id="v" src="/painting.mp4" muted playsinline></video>');
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
    try {
      const page = await browser.newPage();
      await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
      // Runs in the page (a string, since this package is typed without the DOM library).
      const state = (await page.evaluate(`(async () => {
        const v = document.getElementById('v');
        await new Promise((resolve, reject) => {
          if (v.readyState >= 4) resolve();
          v.addEventListener('canplaythrough', () => resolve());
          v.addEventListener('error', () => reject(new Error('media error ' + v.error?.code + ': ' + v.error?.message)));
          setTimeout(() => reject(new Error('not ready, readyState ' + v.readyState)), 10000);
        });
        const readyState = v.readyState;
        await v.play();
        await new Promise((resolve) => setTimeout(resolve, 500));
        const playedTo = v.currentTime;
        v.pause();
        v.currentTime = 2.5;
        await new Promise((resolve) => v.addEventListener('seeked', resolve, { once: true }));
        return { readyState, duration: v.duration, width: v.videoWidth, height: v.videoHeight, playedTo, seekedTo: v.currentTime };
      })()`)) as { readyState: number; duration: number; width: number; height: number; playedTo: number; seekedTo: number };
      expect(state.readyState).toBe(4);
      expect(state.duration).toBeCloseTo(3, 1);
      expect({ width: state.width, height: state.height }).toEqual({ width: 320, height: 240 });
      expect(state.playedTo).toBeGreaterThan(0.2);
      expect(state.seekedTo).toBeCloseTo(2.5, 1);
    } finally {
      await browser.close();
      server.close();
    }
  });
});
