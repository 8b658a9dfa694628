import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ServiceKey } from '@lumen/core/services/catalogue';
import { jobCancelledMessage } from '@lumen/core/jobs/schemas';
import { likenessConsentMessage } from '@lumen/core/services/virtual-try-on-params';
import { UPGRADE_OPEN_EVENT } from '@/features/payments/api/upgrade-modal-events.ts';
import { fail, mockFetch, ok } from '@/test/fetch-mock.ts';
import type { MockRoute } from '@/test/fetch-mock.ts';
import { makeUser } from '@/test/fixtures.ts';
import { fakeAuth, renderRoutes } from '@/test/render.tsx';
import { browser } from '../components/download-button.tsx';
import type { IntroductionDialog, Job, JobListItem, ServiceInfo } from '../api/job-types.ts';
import { FetchBackedXhr, makeJob, makeJobListItem, makeOutput, makeServices, makeUpload, paginated } from '../test/job-fixtures.ts';
import { ToolPage } from './tool-page.tsx';

type Call = { method: string; url: string; body: unknown };

function serve(options: {
  balance?: number;
  intro?: IntroductionDialog;
  create?: (body: unknown) => MockRoute;
  jobReads?: Job[];
  recent?: JobListItem[];
  download?: MockRoute;
  upload?: () => MockRoute;
  services?: ServiceInfo[];
  cancel?: MockRoute;
  preview?: (body: unknown) => MockRoute;
}) {
  const calls: Call[] = [];
  let reads = 0;
  const fn = mockFetch(async (url, init) => {
    const method = init.method ?? 'GET';
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
    calls.push({ method, url, body });
    const path = url.split('?')[0]!;
    if (path === '/api/v1/services') return ok(options.services ?? makeServices());
    if (path === '/api/v1/credits/balance') return ok({ balance: options.balance ?? 5 });
    if (path.startsWith('/api/v1/introduction-dialogs/')) {
      if (path.endsWith('/dismiss')) return ok({ seen: true });
      return ok(options.intro ?? { service: 'image-generator', title: 'Hi', body: 'Hello', enabled: true, seen: true });
    }
    if (path === '/api/v1/uploads') return options.upload?.() ?? { status: 201, body: { success: true, data: makeUpload() } };
    if (path === '/api/v1/jobs' && method === 'POST') return options.create?.(body) ?? fail(500, 'No', 'INTERNAL');
    if (path === '/api/v1/jobs/preview') return options.preview?.(body) ?? fail(404, 'Not found', 'NOT_FOUND');
    if (path === '/api/v1/jobs') return ok(paginated(options.recent ?? [], 1, 5));
    if (path.includes('/download')) return options.download ?? ok({ url: '/api/v1/files/signed', expiresAt: '2030-01-01T00:00:00Z' });
    if (path.endsWith('/cancel') && method === 'POST') return options.cancel ?? fail(409, 'This job has already finished', 'CONFLICT');
    if (path.startsWith('/api/v1/jobs/')) {
      const list = options.jobReads ?? [];
      const job = list[Math.min(reads, list.length - 1)];
      reads += 1;
      return job ? ok(job) : fail(404, 'Not found', 'NOT_FOUND');
    }
    return fail(404, 'Not found', 'NOT_FOUND');
  });
  return { calls, fn };
}

function renderTool(service: ServiceKey, { balance = 5, path }: { balance?: number; path?: string } = {}) {
  return renderRoutes([{ path: '/dashboard/tools/:tool', element: <ToolPage service={service} /> }], {
    path: path ?? `/dashboard/tools/${service}`,
    auth: fakeAuth({ user: makeUser({ credit: { balance, spent: 0 } }) }),
  });
}

describe('tool pages', () => {
  beforeEach(() => vi.stubGlobal('XMLHttpRequest', FetchBackedXhr));
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows the title from GET /services, the engine, the cost and the uses left', async () => {
    serve({ balance: 7 });
    renderTool('virtual-try-on', { balance: 7 });
    expect(await screen.findByText('Built-in virtual-try-on engine (offline)')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Virtual Try-On' })).toBeInTheDocument();
    expect(screen.getByText('Virtual Try-On description from the server')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('tool-uses')).toHaveTextContent('3 uses'));
    expect(screen.getByTestId('tool-cost')).toHaveTextContent('2 credits per use');
    expect(screen.queryByRole('button', { name: 'Buy credits' })).not.toBeInTheDocument();
  });

  it("shows 'Unlimited' for a free tool", async () => {
    serve({ balance: 0 });
    renderTool('ai-background', { balance: 0 });
    await screen.findByText('Built-in ai-background engine (offline)');
    expect(screen.getByTestId('tool-uses')).toHaveTextContent('Unlimited');
    expect(screen.getByTestId('tool-cost')).toHaveTextContent('Free');
    expect(screen.getByRole('button', { name: 'Replace background' })).toBeEnabled();
  });

  describe('AI background limits', () => {
    const limitedServices = () =>
      makeServices().map((service) => (service.key === 'ai-background' ? { ...service, freeRunsPerDay: 50 } : service));

    it('states the megapixel limit and the free runs a day near the photo field', async () => {
      serve({ balance: 0, services: limitedServices() });
      renderTool('ai-background', { balance: 0 });
      await waitFor(() =>
        expect(screen.getByTestId('ai-background-limits')).toHaveTextContent('Images up to 12 megapixels, 50 free runs a day.'),
      );
      expect(screen.getByTestId('tool-uses')).toHaveTextContent('50 a day');
      expect(screen.getByText('Free — 50 runs a day')).toBeInTheDocument();
    });

    it('without a daily limit it still states the megapixel limit', async () => {
      serve({ balance: 0 });
      renderTool('ai-background', { balance: 0 });
      await screen.findByText('Built-in ai-background engine (offline)');
      expect(screen.getByTestId('ai-background-limits')).toHaveTextContent(/^Images up to 12 megapixels\.$/);
      expect(screen.getByText('Free — unlimited uses')).toBeInTheDocument();
    });

    it('refuses a photo over 12 megapixels as soon as it is uploaded, and posts no job', async () => {
      const { calls } = serve({
        upload: () => ({ status: 201, body: { success: true, data: makeUpload({ width: 6000, height: 6000 }) } }),
      });
      renderTool('ai-background');
      await userEvent.upload(await screen.findByLabelText('Photo'), new File(['png'], 'huge.png', { type: 'image/png' }));
      expect(
        await screen.findByText('This image is 36 megapixels; AI Background takes images up to 12 megapixels. Please use a smaller image.'),
      ).toBeInTheDocument();
      expect(screen.queryByRole('img', { name: /Photo: huge.png/ })).not.toBeInTheDocument();
      await userEvent.click(screen.getByRole('button', { name: 'Replace background' }));
      expect(calls.some((call) => call.method === 'POST' && call.url === '/api/v1/jobs')).toBe(false);
    });

    it('a 429 once the free runs are used shows the server message, without Buy credits', async () => {
      const message = "You have used today's 50 free runs. Please try again in 5 hours.";
      serve({
        services: limitedServices(),
        create: () => ({ status: 429, body: { success: false, message, error: { code: 'RATE_LIMITED' } } }),
      });
      renderTool('ai-background');
      await userEvent.upload(await screen.findByLabelText('Photo'), new File(['png'], 'photo.png', { type: 'image/png' }));
      await screen.findByRole('img', { name: 'Photo: photo.png' });
      await userEvent.click(screen.getByRole('button', { name: 'Replace background' }));
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent(message);
      expect(within(alert).queryByRole('button', { name: 'Buy credits' })).not.toBeInTheDocument();
    });
  });

  it('blocks when the balance is below the cost, and Buy credits opens the upgrade modal', async () => {
    serve({ balance: 4 });
    const opened = vi.fn();
    window.addEventListener(UPGRADE_OPEN_EVENT, opened);
    renderTool('speedpainting', { balance: 4 });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('You need 5 credits for Speed Painting Video and your balance is 4 credits.');
    expect(screen.getByRole('button', { name: 'Paint it' })).toBeDisabled();
    await userEvent.click(within(alert).getByRole('button', { name: 'Buy credits' }));
    window.removeEventListener(UPGRADE_OPEN_EVENT, opened);
    expect(opened).toHaveBeenCalledTimes(1);
  });

  it('validates with the core schema: the prompt is required', async () => {
    const { calls } = serve({});
    renderTool('image-generator');
    await userEvent.click(await screen.findByRole('button', { name: 'Generate' }));
    expect(await screen.findByText('Describe the image you want')).toBeInTheDocument();
    // The field is marked invalid (its red border) and names the message for a screen reader; a valid one is not marked.
    expect(screen.getByLabelText('Prompt')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Prompt')).toHaveClass('border-red-400');
    expect(screen.getByLabelText('Prompt')).toHaveAccessibleDescription('Describe the image you want');
    expect(screen.getByLabelText('Negative prompt (optional)')).not.toHaveAttribute('aria-invalid');
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('virtual try-on requires the likeness consent and shows the photo guidelines', async () => {
    const { calls } = serve({ balance: 5 });
    renderTool('virtual-try-on');
    expect(await screen.findByRole('heading', { name: 'Photo guidelines' })).toBeInTheDocument();
    expect(screen.getAllByRole('img', { name: /Photo guide step/ })).toHaveLength(10);
    expect(screen.getByRole('img', { name: 'Photo guide step 10' })).toHaveAttribute('src', '/dash/vto/instructions_10.jpg');
    await userEvent.click(screen.getByRole('button', { name: 'Try it on' }));
    expect(await screen.findByText(likenessConsentMessage)).toBeInTheDocument();
    expect(screen.getByText('Upload a photo of the person')).toBeInTheDocument();
    expect(calls.some((call) => call.url === '/api/v1/jobs' && call.method === 'POST')).toBe(false);
  });

  it('uploads the files, posts the job with the upload ids, shows progress and then the result', async () => {
    const person = makeUpload({ name: 'person.png' });
    const garment = makeUpload({ name: 'shirt.png' });
    const uploads = [person, garment];
    const queued = makeJob({ service: 'virtual-try-on', status: 'queued', progress: 0, cost: 2, outputs: [] });
    const running = { ...queued, status: 'running' as const, progress: 0.5 };
    const done = { ...queued, status: 'succeeded' as const, progress: 1, outputs: [makeOutput({ name: 'try-on-top.png' })] };
    const { calls } = serve({
      upload: () => ({ status: 201, body: { success: true, data: uploads.shift() } }),
      create: () => ({ status: 201, body: { success: true, data: queued } }),
      jobReads: [running, done],
    });
    renderTool('virtual-try-on');
    const file = (name: string) => new File(['png'], name, { type: 'image/png' });
    await userEvent.upload(await screen.findByLabelText('Person photo'), file('person.png'));
    expect(await screen.findByRole('img', { name: 'Person photo: person.png' })).toHaveAttribute('src', person.previewUrl);
    await userEvent.upload(screen.getByLabelText('Garment photo'), file('shirt.png'));
    await screen.findByRole('img', { name: 'Garment photo: shirt.png' });
    await userEvent.selectOptions(screen.getByLabelText('Garment category'), 'dress');
    await userEvent.click(screen.getByRole('checkbox', { name: /right to use this person’s likeness/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Try it on' }));

    await waitFor(() => expect(calls.find((call) => call.url === '/api/v1/jobs' && call.method === 'POST')).toBeDefined());
    const post = calls.find((call) => call.url === '/api/v1/jobs' && call.method === 'POST')!;
    expect(post.body).toEqual({
      service: 'virtual-try-on',
      params: { category: 'dress', consentToLikeness: true },
      files: { person: person.id, garment: garment.id },
    });
    expect(await screen.findByRole('progressbar', { name: 'Job progress' })).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: 'Result: try-on-top.png' }, { timeout: 4000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Run again/ })).toBeInTheDocument();
  });

  it('refuses a wrong file type before uploading, and shows the server message when the upload fails', async () => {
    const { calls } = serve({
      upload: () => ({
        status: 415,
        body: { success: false, message: 'This file is not a PNG, JPEG or WebP image', error: { code: 'UNSUPPORTED_MEDIA_TYPE' } },
      }),
    });
    renderTool('speedpainting');
    const input = await screen.findByLabelText('Picture');
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(input, new File(['gif'], 'a.gif', { type: 'image/gif' }));
    expect(await screen.findByText('Use a PNG, JPEG or WebP image')).toBeInTheDocument();
    expect(calls.some((call) => call.url === '/api/v1/uploads')).toBe(false);
    await userEvent.upload(input, new File(['png'], 'fake.png', { type: 'image/png' }));
    expect(await screen.findByText('This file is not a PNG, JPEG or WebP image')).toBeInTheDocument();
  });

  it('a 402 shows the server message with Buy credits', async () => {
    serve({
      balance: 1,
      create: () => ({
        status: 402,
        body: {
          success: false,
          message: 'Insufficient credits: this needs 1 credits and your balance is 0',
          error: { code: 'INSUFFICIENT_CREDITS', meta: { balance: 0, cost: 1 } },
        },
      }),
    });
    renderTool('image-generator', { balance: 1 });
    await userEvent.type(await screen.findByLabelText('Prompt'), 'a red fox');
    await userEvent.click(screen.getByRole('button', { name: 'Generate' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Insufficient credits: this needs 1 credits and your balance is 0');
    expect(within(alert).getByRole('button', { name: 'Buy credits' })).toBeInTheDocument();
  });

  it("'Use this prompt' in the community opens the tool with ?prompt= filled in", async () => {
    const job = makeJob();
    const { calls } = serve({ create: () => ({ status: 201, body: { success: true, data: job } }), jobReads: [job] });
    renderTool('image-generator', { path: `/dashboard/tools/image-generator?prompt=${encodeURIComponent('A lighthouse in a storm')}` });
    expect(await screen.findByLabelText('Prompt')).toHaveValue('A lighthouse in a storm');
    await userEvent.click(screen.getByRole('button', { name: 'Generate' }));
    await waitFor(() => expect(calls.find((call) => call.method === 'POST' && call.url === '/api/v1/jobs')).toBeDefined());
    expect(calls.find((call) => call.method === 'POST' && call.url === '/api/v1/jobs')!.body).toMatchObject({
      params: { prompt: 'A lighthouse in a storm' },
    });
  });

  it('shows a job waiting at its hosted provider, and Cancel job cancels it: the panel says so and that the credits came back', async () => {
    const waiting = makeJob({ status: 'at_provider', progress: 0.4, cost: 3, outputs: [] });
    const cancelled = { ...waiting, status: 'failed' as const, error: jobCancelledMessage, refunded: true };
    const { calls } = serve({
      create: () => ({ status: 201, body: { success: true, data: waiting } }),
      jobReads: [waiting],
      cancel: ok(cancelled),
    });
    renderTool('image-generator');
    await userEvent.type(await screen.findByLabelText('Prompt'), 'a red fox');
    await userEvent.click(screen.getByRole('button', { name: 'Generate' }));
    expect(await screen.findByText(/At the provider — 40%/)).toBeInTheDocument();
    expect(screen.getByText('At the provider', { selector: 'span' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel job' }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'POST' && call.url === `/api/v1/jobs/${waiting.id}/cancel`)).toBeDefined(),
    );
    expect(await screen.findByText('You cancelled this job.')).toBeInTheDocument();
    expect(screen.getByText('Your 3 credits were refunded.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel job' })).not.toBeInTheDocument();
  });

  it('shows what the engine will draw as the user types, read once typing pauses', async () => {
    const { calls } = serve({
      preview: () =>
        ok({
          service: 'image-generator',
          checked: true,
          headline: 'Will draw: red fox, snow, sunset',
          willMake: ['red fox', 'snow', 'sunset'],
          leftOut: ['quokka'],
          refusal: null,
        }),
    });
    renderTool('image-generator');
    await userEvent.type(await screen.findByLabelText('Prompt'), 'a red fox in the snow at sunset');
    const reading = await screen.findByTestId('request-reading');
    expect(reading).toHaveTextContent('Will draw: red fox, snow, sunset');
    expect(reading).toHaveTextContent('Will leave out: quokka');
    const previews = calls.filter((call) => call.url === '/api/v1/jobs/preview');
    // Debounced: not one request per keystroke, and the last one reads the whole prompt.
    expect(previews.length).toBeLessThan(5);
    expect(previews.at(-1)!.body).toEqual({
      service: 'image-generator',
      params: { prompt: 'a red fox in the snow at sunset', style: 'abstract' },
    });
    expect(screen.getByRole('button', { name: 'Generate' })).toBeEnabled();
  });

  it('shows why the engine would refuse the prompt and holds the Generate button', async () => {
    const message = 'The built-in generator draws no lighthouse; it can draw: tower, house, boat, …';
    serve({
      preview: () =>
        ok({
          service: 'image-generator',
          checked: true,
          headline: null,
          willMake: [],
          leftOut: ['lighthouse'],
          refusal: { message, missing: 'lighthouse', suggestions: ['tower', 'house', 'boat'] },
        }),
    });
    renderTool('image-generator');
    await userEvent.type(await screen.findByLabelText('Prompt'), 'a lighthouse on a cliff');
    expect(await screen.findByText(message)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Generate' })).toBeDisabled());
  });

  it('the sound generator says what it will play', async () => {
    serve({
      preview: (body) =>
        ok({
          service: 'sound-generator',
          checked: true,
          headline: `Will play: lo-fi, drums, piano, bass, 80 bpm`,
          willMake: ['lo-fi', 'drums', 'piano', 'bass', '80 bpm'],
          leftOut: [],
          refusal: null,
          echo: body,
        }),
    });
    renderTool('sound-generator');
    await userEvent.type(await screen.findByLabelText('Prompt'), 'lo-fi piano at 80 bpm');
    expect(await screen.findByText('Will play: lo-fi, drums, piano, bass, 80 bpm')).toBeInTheDocument();
  });

  it('posts the image generator params (defaults, number of images, seed)', async () => {
    const job = makeJob();
    const { calls } = serve({ create: () => ({ status: 201, body: { success: true, data: job } }), jobReads: [job] });
    renderTool('image-generator');
    await userEvent.type(await screen.findByLabelText('Prompt'), '  a red fox ');
    await userEvent.selectOptions(screen.getByLabelText('Number of images'), '3');
    await userEvent.type(screen.getByLabelText('Seed (optional)'), '42');
    await userEvent.click(screen.getByRole('button', { name: 'Generate' }));
    await waitFor(() => expect(calls.find((call) => call.method === 'POST' && call.url === '/api/v1/jobs')).toBeDefined());
    expect(calls.find((call) => call.method === 'POST' && call.url === '/api/v1/jobs')!.body).toEqual({
      service: 'image-generator',
      params: { prompt: 'a red fox', aspectRatio: '1:1', style: 'abstract', numberOfImages: 3, seed: 42 },
      files: {},
    });
    expect(await screen.findByRole('img', { name: 'Result: generated-1.png' })).toBeInTheDocument();
  });

  it('a free-plan download 403 shows the message and opens the upgrade offer', async () => {
    const job = makeJob();
    serve({
      jobReads: [job],
      download: {
        status: 403,
        body: { success: false, message: 'Downloads are available once you have purchased credits', error: { code: 'FORBIDDEN' } },
      },
    });
    const opened = vi.fn();
    window.addEventListener(UPGRADE_OPEN_EVENT, opened);
    const navigate = vi.spyOn(browser, 'navigate').mockImplementation(() => undefined);
    renderTool('image-generator', { path: `/dashboard/tools/image-generator?job=${job.id}` });
    await userEvent.click(await screen.findByRole('button', { name: 'Download generated-1.png' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Downloads are available once you have purchased credits');
    expect(opened).toHaveBeenCalledTimes(1);
    await userEvent.click(within(alert).getByRole('button', { name: 'Buy credits' }));
    window.removeEventListener(UPGRADE_OPEN_EVENT, opened);
    expect(opened).toHaveBeenCalledTimes(2);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('a download follows the signed link; canDownload false explains and opens the upgrade modal', async () => {
    const job = makeJob();
    serve({ jobReads: [job] });
    const navigate = vi.spyOn(browser, 'navigate').mockImplementation(() => undefined);
    const { unmount } = renderTool('image-generator', { path: `/dashboard/tools/image-generator?job=${job.id}` });
    await userEvent.click(await screen.findByRole('button', { name: 'Download generated-1.png' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/api/v1/files/signed'));
    unmount();

    const locked = makeJob({ canDownload: false });
    serve({ jobReads: [locked] });
    const opened = vi.fn();
    window.addEventListener(UPGRADE_OPEN_EVENT, opened);
    renderTool('image-generator', { path: `/dashboard/tools/image-generator?job=${locked.id}` });
    expect(await screen.findByText('Downloads are available once you have purchased credits.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /locked: buy credits to download/ }));
    window.removeEventListener(UPGRADE_OPEN_EVENT, opened);
    expect(opened).toHaveBeenCalledTimes(1);
  });

  it('a failed job shows its error and the refund, and Retry posts /jobs/{id}/retry', async () => {
    const failed = makeJob({
      status: 'failed',
      error: 'No person was found in the photo',
      refunded: true,
      cost: 2,
      service: 'virtual-try-on',
      outputs: [],
    });
    const { calls } = serve({ jobReads: [failed] });
    renderTool('virtual-try-on', { path: `/dashboard/tools/virtual-try-on?job=${failed.id}` });
    expect(await screen.findByText('The job failed: No person was found in the photo')).toBeInTheDocument();
    expect(screen.getByText('Your 2 credits were refunded.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /Retry/ }));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST' && call.url === `/api/v1/jobs/${failed.id}/retry`)).toBe(true));
  });

  it("lists the tool's recent jobs from GET /jobs?service&limit=5", async () => {
    const { calls } = serve({ recent: [makeJobListItem(), makeJobListItem({ status: 'failed', outputs: [] })] });
    renderTool('image-generator');
    expect(await screen.findAllByRole('button', { name: /^View result: a red fox/ })).toHaveLength(2);
    expect(calls.some((call) => call.url === '/api/v1/jobs?service=image-generator&limit=5&page=1')).toBe(true);
  });

  it('shows the introduction dialog on the first visit and dismisses it for good', async () => {
    const { calls } = serve({
      intro: {
        service: 'sound-generator',
        title: 'Welcome to Sound Generation',
        body: 'Describe a sound.\n\nPick a length.',
        enabled: true,
        seen: false,
      },
    });
    renderTool('sound-generator');
    const dialog = await screen.findByRole('dialog', { name: 'Welcome to Sound Generation' });
    expect(within(dialog).getByText('Pick a length.')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Got it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(
      calls.filter((call) => call.url === '/api/v1/introduction-dialogs/sound-generator/dismiss' && call.method === 'POST'),
    ).toHaveLength(1);
  });

  it('does not show an introduction dialog already seen', async () => {
    serve({ intro: { service: 'sound-generator', title: 'Welcome', body: 'Hi', enabled: true, seen: true } });
    renderTool('sound-generator');
    await screen.findByText('Built-in sound-generator engine (offline)');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('tool page inputs', () => {
  beforeEach(() => vi.stubGlobal('XMLHttpRequest', FetchBackedXhr));
  afterEach(() => vi.unstubAllGlobals());

  it('virtual try-on can use an admin model and garment instead of uploads (the garment sets the category)', async () => {
    const model = { id: 'm-1', name: 'Mia', category: 'full-body', imageUrl: '/api/v1/files/model' };
    const garment = { id: 'g-1', name: 'Summer dress', category: 'dress', imageUrl: '/api/v1/files/garment' };
    const job = makeJob({ service: 'virtual-try-on', cost: 2 });
    const posts: unknown[] = [];
    mockFetch((url, init) => {
      if (url === '/api/v1/try-on/models') return ok([model]);
      if (url === '/api/v1/try-on/garments') return ok([garment]);
      if (url === '/api/v1/jobs' && init.method === 'POST') {
        posts.push(JSON.parse(String(init.body)));
        return { status: 201, body: { success: true, data: job } };
      }
      if (url.startsWith('/api/v1/jobs/')) return ok(job);
      if (url.startsWith('/api/v1/jobs')) return ok(paginated([], 1, 5));
      if (url === '/api/v1/services') return ok(makeServices());
      if (url === '/api/v1/credits/balance') return ok({ balance: 5 });
      return fail(404, 'Not found', 'NOT_FOUND');
    });
    renderTool('virtual-try-on');
    await userEvent.click(await screen.findByText('Choose a model'));
    await userEvent.click(await screen.findByRole('radio', { name: 'Mia' }));
    await userEvent.click(screen.getByText('Choose from the catalogue'));
    await userEvent.click(await screen.findByRole('radio', { name: 'Summer dress' }));
    expect(screen.getByLabelText('Garment category')).toHaveValue('dress');
    await userEvent.click(screen.getByRole('checkbox', { name: /likeness/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Try it on' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).toEqual({
      service: 'virtual-try-on',
      params: { category: 'dress', consentToLikeness: true, modelId: 'm-1', garmentId: 'g-1' },
      files: {},
    });
  });

  it('sales pilot: pasted text is checked by the schema; an uploaded transcript goes up with purpose transcript', async () => {
    const transcript = makeUpload({ purpose: 'transcript', name: 'call.vtt', contentType: 'text/vtt' });
    const job = makeJob({ service: 'sales-pilot' });
    const posts: unknown[] = [];
    const purposes: unknown[] = [];
    mockFetch((url, init) => {
      if (url === '/api/v1/uploads') {
        purposes.push((init.body as FormData).get('purpose'));
        return { status: 201, body: { success: true, data: transcript } };
      }
      if (url === '/api/v1/jobs' && init.method === 'POST') {
        posts.push(JSON.parse(String(init.body)));
        return { status: 201, body: { success: true, data: job } };
      }
      if (url.startsWith('/api/v1/jobs/')) return ok(job);
      if (url.startsWith('/api/v1/jobs')) return ok(paginated([], 1, 5));
      if (url === '/api/v1/services') return ok(makeServices());
      if (url === '/api/v1/credits/balance') return ok({ balance: 5 });
      return fail(404, 'Not found', 'NOT_FOUND');
    });
    renderTool('sales-pilot');
    await userEvent.type(await screen.findByLabelText('Call transcript or notes'), 'Too short');
    await userEvent.click(screen.getByRole('button', { name: 'Analyse the call' }));
    expect(await screen.findByText('Paste at least 20 characters of transcript or notes')).toBeInTheDocument();

    await userEvent.click(screen.getByText('Upload a file'));
    await userEvent.upload(screen.getByLabelText('Transcript file'), new File(['WEBVTT'], 'call.vtt', { type: 'text/vtt' }));
    await screen.findByText('call.vtt');
    await userEvent.click(screen.getByRole('button', { name: 'Analyse the call' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(purposes).toEqual(['transcript']);
    expect(posts[0]).toEqual({ service: 'sales-pilot', params: { language: 'en' }, files: { transcript: transcript.id } });
  });
});

describe('what runs the tool', () => {
  afterEach(() => vi.restoreAllMocks());

  it('says what the offline engine does and does not do', async () => {
    serve({});
    renderTool('image-generator');
    await screen.findByText('Built-in image-generator engine (offline)');
    expect(screen.getByTestId('engine-line')).toHaveTextContent(
      'Offline engine: composes the subjects it recognises in your prompt from a vector illustration set; it does not paint photographs.',
    );
    expect(screen.queryByText(/Hosted model/)).not.toBeInTheDocument();
  });

  it('names the hosted model and its provider when the service runs remotely', async () => {
    const services = makeServices().map((service) =>
      service.key === 'sound-generator'
        ? {
            ...service,
            engine: {
              kind: 'remote' as const,
              label: 'ElevenLabs (eleven_text_to_sound_v2)',
              provider: 'ElevenLabs',
              model: 'eleven_text_to_sound_v2',
            },
          }
        : service,
    );
    serve({ services });
    renderTool('sound-generator');
    await screen.findByText('ElevenLabs (eleven_text_to_sound_v2)');
    expect(screen.getByTestId('engine-line')).toHaveTextContent('Hosted model: eleven_text_to_sound_v2 on ElevenLabs.');
    expect(screen.queryByText(/Offline engine/)).not.toBeInTheDocument();
  });
});
