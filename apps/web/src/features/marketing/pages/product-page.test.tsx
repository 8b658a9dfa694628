import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aiBackgroundPresetNames } from '@lumen/core/services/ai-background-params';
import type { ServiceKey } from '@lumen/core/services/catalogue';
import { AUTH_OPEN_EVENT } from '@/session/auth-modal-events.ts';
import type { AuthModalRequest } from '@/session/auth-modal-events.ts';
import { fail, mockFetch, ok } from '@/test/fetch-mock.ts';
import { makeUser } from '@/test/fixtures.ts';
import { fakeAuth, renderRoutes } from '@/test/render.tsx';
import { ProductPage } from './product-page.tsx';

const publicFile = (path: string) => JSON.parse(readFileSync(join(process.cwd(), 'public', path), 'utf8')) as unknown;

function mockApi(
  costs: Record<string, number> = {
    'ai-background': 0,
    'image-generator': 1,
    'virtual-try-on': 2,
    speedpainting: 5,
    'sales-pilot': 1,
    'sound-generator': 2,
  },
) {
  return mockFetch((url) => {
    if (url === '/api/v1/credits/costs') return ok(costs);
    if (url.startsWith('/examples/')) return { status: 200, body: publicFile(url) };
    return fail(404, 'Not found', 'NOT_FOUND');
  });
}

const renderPage = (service: ServiceKey, signedIn = false) =>
  renderRoutes(
    [
      { path: '/', element: <ProductPage service={service} /> },
      { path: '/dashboard/tools/:tool', element: <p>Tool page</p> },
    ],
    {
      auth: fakeAuth({ user: signedIn ? makeUser() : null }),
    },
  );

describe('product pages', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('AI background: before/after compare of the real example, Unlimited on the free plan, sign-up CTA for guests', async () => {
    mockApi();
    renderPage('ai-background');
    expect(screen.getByRole('heading', { level: 1, name: 'AI Background' })).toBeInTheDocument();
    expect(screen.getByAltText(/^Before: A studio photo/)).toHaveAttribute('src', '/examples/ai-background/before.webp');
    expect(screen.getByAltText(/^After:/)).toHaveAttribute('src', '/examples/ai-background/after.webp');
    // The ten studio backdrops the tool offers, by name, with their pictures.
    const backdrops = within(screen.getByRole('region', { name: 'Ten studio backdrops' })).getAllByRole('img');
    expect(backdrops.map((img) => img.getAttribute('alt'))).toEqual([...aiBackgroundPresetNames]);
    expect(backdrops[7]).toHaveAttribute('src', '/main/studio/8-thumb.jpg');
    expect(screen.getByRole('slider', { name: 'Compare before and after' })).toBeInTheDocument();
    expect(screen.getByText(/Example made by the built-in engine/)).toBeInTheDocument();
    expect(await screen.findByTestId('product-free-uses')).toHaveTextContent('Unlimited');
    expect(screen.getByTestId('product-cost')).toHaveTextContent('Free');
    expect(screen.getByRole('heading', { name: 'How it works' })).toBeInTheDocument();
    expect(screen.getByText('How much does it cost?')).toBeInTheDocument();

    const opened: AuthModalRequest[] = [];
    const listener = (event: Event) => opened.push((event as CustomEvent<AuthModalRequest>).detail);
    window.addEventListener(AUTH_OPEN_EVENT, listener);
    const [cta] = screen.getAllByRole('button', { name: /Sign Up for Free/ });
    await userEvent.click(cta!);
    window.removeEventListener(AUTH_OPEN_EVENT, listener);
    expect(opened).toEqual([{ mode: 'signup', redirectTo: '/dashboard/tools/ai-background' }]);
    expect(screen.queryByRole('link', { name: /Open the tool/ })).not.toBeInTheDocument();
  });

  it('speed painting: the video with its poster, 5 credits = 1 free use, and Open the tool → /dashboard/tools/speedpainting when signed in', async () => {
    mockApi();
    const { container, router } = renderPage('speedpainting', true);
    const video = container.querySelector('video')!;
    expect(video).toHaveAttribute('poster', '/examples/speed-painting/poster.jpg');
    expect(video.querySelector('source')).toHaveAttribute('src', '/examples/speed-painting/speedpainting.mp4');
    expect(video.querySelector('source')).toHaveAttribute('type', 'video/mp4');
    expect(await screen.findByTestId('product-cost')).toHaveTextContent('5 credits');
    expect(screen.getByTestId('product-free-uses')).toHaveTextContent('1 use');
    expect(screen.queryByRole('button', { name: /Sign Up for Free/ })).not.toBeInTheDocument();
    const links = screen.getAllByRole('link', { name: /Open the tool/ });
    expect(links[0]).toHaveAttribute('href', '/dashboard/tools/speedpainting');
    await userEvent.click(links[0]!);
    expect(router.state.location.pathname).toBe('/dashboard/tools/speedpainting');
  });

  it('image generator: a gallery of the generated examples with their prompts, uses follow the server cost', async () => {
    mockApi({ 'image-generator': 2 });
    renderPage('image-generator');
    const images = screen.getAllByAltText(/^Generated from the prompt:/);
    expect(images).toHaveLength(4);
    expect(images[0]).toHaveAttribute('src', '/examples/image-generator/sunset-landscape.webp');
    expect(screen.getByText('a calm sunset over the sea with mountains, warm orange and purple')).toBeInTheDocument();
    expect(await screen.findByText('2 uses')).toBeInTheDocument();
    expect(screen.getByTestId('product-cost')).toHaveTextContent('2 credits');
  });

  it('virtual try-on: person and result compare plus the garment, 2 free uses', async () => {
    mockApi();
    renderPage('virtual-try-on');
    expect(screen.getByAltText(/^Before: a man in a denim jacket/)).toHaveAttribute('src', '/examples/virtual-try-on/person.webp');
    expect(screen.getByAltText(/^After: the same man wearing/)).toHaveAttribute('src', '/examples/virtual-try-on/after.webp');
    expect(screen.getByAltText(/^The garment/)).toHaveAttribute('src', '/examples/virtual-try-on/garment.webp');
    expect(await screen.findByTestId('product-free-uses')).toHaveTextContent('2 uses');
  });

  it('sound generator: the audio player and the waveform and design from the engine summary', async () => {
    mockApi();
    const { container } = renderPage('sound-generator');
    expect(container.querySelector('audio')).toHaveAttribute('src', '/examples/sound-generator/rain-piano.mp3');
    const waveform = screen.getByRole('img', { name: 'Waveform of the example sound' });
    expect(await screen.findByTestId('sound-design')).toHaveTextContent(/rain/);
    expect(waveform.querySelectorAll('rect').length).toBe(200);
    expect(screen.getByTestId('product-free-uses')).toHaveTextContent('2 uses');
  });

  it('sales pilot: the notes it read and the rendered report (score, talk ratio, objections, next steps)', async () => {
    mockApi();
    renderPage('sales-pilot');
    const report = publicFile('/examples/sales-pilot/report.json') as { score: { value: number; verdict: string } };
    expect(await screen.findByTestId('sales-score')).toHaveTextContent(String(report.score.value));
    const panel = screen.getByLabelText('Example sales call report');
    expect(within(panel).getByText(report.score.verdict)).toBeInTheDocument();
    expect(within(panel).getByRole('heading', { name: 'Talk ratio' })).toBeInTheDocument();
    expect(within(panel).getByText(/switching sounds expensive/)).toBeInTheDocument();
    expect(within(panel).getByRole('heading', { name: 'Next steps' }).nextElementSibling).toHaveTextContent(
      'I will send you a short summary with pricing by Friday.',
    );
    expect(screen.getByText(/Maya: Hi Sam/)).toBeInTheDocument();
    expect(screen.getByTestId('product-free-uses')).toHaveTextContent('5 uses');
  });
});
