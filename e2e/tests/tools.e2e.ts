import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage, uniqueEmail } from '../support/browser.ts';
import { adminCredentials } from '../support/admin.ts';
import { signInThroughModal, type Person } from '../support/journeys.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const newPerson = (): Person => ({ firstName: 'Tess', lastName: 'Tools', email: uniqueEmail('tools'), password: 'tools-e2e-2026' });

/** Creates the account through the API and, when asked, has the admin add credits to it. */
async function createPerson(page: Page, credits = 0): Promise<Person> {
  const person = newPerson();
  const registered = await page.request.post('/api/v1/auth/register', { data: person });
  expect(registered.status()).toBe(201);
  if (credits > 0) {
    const userId = ((await registered.json()) as { data: { user: { id: string } } }).data.user.id;
    const login = await page.request.post('/api/v1/auth/login', { data: adminCredentials });
    const adminToken = ((await login.json()) as { data: { accessToken: string } }).data.accessToken;
    const granted = await page.request.post(`/api/v1/admin/users/${userId}/credits`, {
      data: { amount: credits, reason: 'e2e: tools journey' },
      headers: { Authorization: `Bearer ${adminToken}` },
    });
    expect(granted.status()).toBeLessThan(300);
  }
  return person;
}

/** A PNG drawn from SVG in the page (no image files in the repository). */
async function svgPng(page: Page, width: number, height: number, body: string): Promise<Buffer> {
  const dataUrl = await page.evaluate(
    async ([w, h, svg]) => {
      const image = new Image();
      image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(`<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">${svg}</svg>`)}`;
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = Number(w);
      canvas.height = Number(h);
      canvas.getContext('2d')!.drawImage(image, 0, 0);
      return canvas.toDataURL('image/png');
    },
    [width, height, body] as const,
  );
  return Buffer.from(dataUrl.split(',')[1]!, 'base64');
}

// A standing figure in a blue top on a flat light-grey background, and a red T-shirt on white.
const personSvg = `<rect width="200" height="400" fill="#dcdcdc"/><circle cx="100" cy="40" r="21" fill="#c89878"/><rect x="92" y="58" width="16" height="14" fill="#c89878"/>
<path d="M63 73 Q100 65 137 73 L141 200 L59 200 Z" fill="#3a66b0"/><rect x="47" y="77" width="15" height="113" rx="7" fill="#c89878"/><rect x="138" y="77" width="15" height="113" rx="7" fill="#c89878"/>
<rect x="61" y="200" width="35" height="180" fill="#4a4a52"/><rect x="104" y="200" width="35" height="180" fill="#4a4a52"/>`;
const shirtSvg = `<rect width="240" height="240" fill="#ffffff"/><path d="M78 36 L102 30 Q120 48 138 30 L162 36 L210 72 L192 102 L168 87 L168 210 L72 210 L72 87 L48 102 L30 72 Z" fill="#d42a2a"/>`;
const photoSvg = `<rect width="320" height="240" fill="#e8eef5"/><circle cx="160" cy="120" r="70" fill="#d0532b"/><rect x="140" y="40" width="40" height="30" fill="#2f7d32"/>`;

const transcript = [
  'Anna: Hi Ben, thanks for making time today. How is your team handling onboarding right now?',
  'Ben: Honestly it is slow, we use spreadsheets and it takes weeks for new hires.',
  'Anna: What would a faster onboarding mean for your team this quarter?',
  'Ben: It would save us a lot of time, but I think your product is too expensive for us.',
  'Anna: I understand. Most teams recover the cost in two months because onboarding time drops by half.',
  'Ben: I need to check with my manager before we decide.',
  'Anna: Great, I will send the proposal on Thursday and we can book a call with your manager next week.',
].join('\n');

/** Opens a tool page and closes its first-visit introduction dialog. */
async function openTool(page: Page, tool: string) {
  await page.goto(`/dashboard/tools/${tool}`);
  const gotIt = page.getByRole('dialog').getByRole('button', { name: 'Got it' });
  await gotIt.waitFor();
  await gotIt.click();
  await page.getByRole('dialog').waitFor({ state: 'hidden' });
}

async function upload(page: Page, label: string, name: string, buffer: Buffer) {
  await page.getByLabel(label, { exact: true }).setInputFiles({ name, mimeType: 'image/png', buffer });
  await page.getByRole('img', { name: `${label}: ${name}` }).waitFor();
}

async function waitForResult(page: Page) {
  await page.getByRole('heading', { name: 'Result' }).waitFor({ timeout: 60_000 });
  expect(await page.getByText('Succeeded').first().isVisible()).toBe(true);
}

describe('the AI tools', () => {
  it('a person with credits runs each tool once with the built-in engine and sees the result', async () => {
    const { context, page } = await newPage(browser);
    const person = await createPerson(page, 20);
    await signInThroughModal(page, person.email, person.password);
    const photo = await svgPng(page, 320, 240, photoSvg);

    await openTool(page, 'ai-background');
    await page.getByText('Built-in background removal', { exact: false }).first().waitFor();
    await upload(page, 'Photo', 'photo.png', photo);
    await page.getByText('Colour', { exact: true }).click();
    await page.getByRole('button', { name: 'Replace background' }).click();
    await waitForResult(page);
    const slider = page.getByRole('slider', { name: 'Compare before and after' });
    await slider.focus();
    await page.keyboard.press('End');
    expect(await slider.inputValue()).toBe('100');

    await openTool(page, 'image-generator');
    await page.getByRole('textbox', { name: 'Prompt', exact: true }).fill('a red fox in a misty forest at sunrise');
    await page.getByRole('button', { name: 'Generate' }).click();
    await waitForResult(page);
    await page.getByRole('img', { name: 'Result: generated-1.png' }).waitFor();

    await openTool(page, 'virtual-try-on');
    await page.getByRole('heading', { name: 'Photo guidelines' }).waitFor();
    await upload(page, 'Person photo', 'person.png', await svgPng(page, 200, 400, personSvg));
    await upload(page, 'Garment photo', 'shirt.png', await svgPng(page, 240, 240, shirtSvg));
    await page.getByRole('checkbox', { name: /right to use this person’s likeness/ }).check();
    await page.getByRole('button', { name: 'Try it on' }).click();
    await waitForResult(page);
    await page.getByRole('img', { name: 'Result: try-on-top.png' }).waitFor();

    await openTool(page, 'speedpainting');
    await upload(page, 'Picture', 'photo.png', photo);
    await page.getByLabel(/Video length/).fill('5');
    await page.getByRole('button', { name: 'Paint it' }).click();
    await waitForResult(page);
    const video = page.locator('video');
    expect(await video.getAttribute('poster')).toMatch(/\/api\/v1\/files\//);
    await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.readyState), { timeout: 15_000 }).toBeGreaterThan(0);
    // The browser reads the MP4's length from its moov box: the 5 seconds asked for.
    expect(await video.evaluate((element: HTMLVideoElement) => element.duration)).toBeCloseTo(5, 0);
    await page.getByRole('button', { name: 'Download video' }).waitFor();

    await openTool(page, 'sales-pilot');
    await page.getByLabel('Call transcript or notes').fill(transcript);
    await page.getByRole('button', { name: 'Analyse the call' }).click();
    await waitForResult(page);
    await page.getByRole('img', { name: /^Score \d+ out of 100$/ }).waitFor();
    await page.getByRole('heading', { name: /^Objections \(\d+\)$/ }).waitFor();
    await page.getByRole('heading', { name: 'Next steps' }).waitFor();

    await openTool(page, 'sound-generator');
    await page.getByRole('textbox', { name: 'Prompt', exact: true }).fill('gentle rain with a calm piano');
    await page.getByLabel(/Duration/).fill('3');
    await page.getByRole('button', { name: 'Generate sound' }).click();
    await waitForResult(page);
    expect(await page.getByTestId('waveform-bar').count()).toBeGreaterThan(50);
    expect(await page.locator('audio').getAttribute('src')).toMatch(/\/api\/v1\/files\//);
    // The player plays the MP3 (3 s, as asked); the WAV is offered beside it.
    const audio = page.locator('audio');
    await expect.poll(() => audio.evaluate((element: HTMLAudioElement) => element.readyState), { timeout: 15_000 }).toBeGreaterThan(0);
    expect(await audio.evaluate((element: HTMLAudioElement) => element.duration)).toBeCloseTo(3, 0);
    await page.getByRole('button', { name: 'Download MP3' }).waitFor();
    await page.getByRole('button', { name: 'Download WAV' }).waitFor();

    // 0 + 1 + 2 + 5 + 1 + 2 credits spent of 25.
    await expect.poll(() => page.getByTestId('tool-uses').textContent()).toBe('7 uses');

    await page.goto('/dashboard/result-library');
    await expect.poll(() => page.getByTestId('result-card').count()).toBe(6);
    await page.getByLabel('Tool').selectOption('sales-pilot');
    await expect.poll(() => page.getByTestId('result-card').count()).toBe(1);
    await context.close();
  }, 180_000); // six real engine runs in the shared server, beside the other files' journeys

  it('a free user sees the preview but cannot download, and is offered the upgrade', async () => {
    const { context, page } = await newPage(browser);
    const person = await createPerson(page);
    await signInThroughModal(page, person.email, person.password);
    await openTool(page, 'image-generator');
    await page.getByRole('textbox', { name: 'Prompt', exact: true }).fill('a sailboat in a storm');
    // The page says what the built-in generator will draw before it is asked to.
    await page.getByText('Will draw: sailboat, storm').waitFor();
    await page.getByRole('button', { name: 'Generate' }).click();
    await waitForResult(page);
    await page.getByRole('img', { name: 'Result: generated-1.png' }).waitFor();
    await page.getByText('Downloads are available once you have purchased credits.').waitFor();

    // The server refuses the download itself, with the message the page shows.
    const refused = await page.evaluate(async () => {
      const jobId = new URL(location.href).searchParams.get('job');
      const headers = { Authorization: `Bearer ${localStorage.getItem('token')}` };
      const job = (await (await fetch(`/api/v1/jobs/${jobId}`, { headers })).json()) as { data: { outputs: { id: string }[] } };
      const response = await fetch(`/api/v1/jobs/${jobId}/outputs/${job.data.outputs[0]!.id}/download`, { headers });
      return { status: response.status, body: (await response.json()) as { message: string } };
    });
    expect(refused).toMatchObject({ status: 403, body: { message: 'Downloads are available once you have purchased credits' } });

    await page.getByRole('button', { name: /locked: buy credits to download/ }).click();
    await page.getByRole('dialog', { name: 'Upgrade Your Plan' }).waitFor();
    await context.close();
  });
});
