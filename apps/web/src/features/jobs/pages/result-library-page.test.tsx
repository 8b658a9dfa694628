import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { UPGRADE_OPEN_EVENT } from '@/features/payments/api/upgrade-modal-events.ts';
import { fail, mockFetch, ok } from '@/test/fetch-mock.ts';
import { makeUser } from '@/test/fixtures.ts';
import { fakeAuth, renderRoutes } from '@/test/render.tsx';
import type { Job } from '../api/job-types.ts';
import { makeJob, makeJobListItem, makeOutput, makeReport, paginated } from '../test/job-fixtures.ts';
import { ResultLibraryPage } from './result-library-page.tsx';

function serve(pages: (query: URLSearchParams) => { items: Job[]; total: number }) {
  const urls: string[] = [];
  const fn = mockFetch((url, init) => {
    urls.push(`${init.method ?? 'GET'} ${url}`);
    const [path, search = ''] = url.split('?');
    if (path === '/api/v1/jobs') {
      const query = new URLSearchParams(search);
      const { items, total } = pages(query);
      return ok(paginated(items, Number(query.get('page')), 12, total));
    }
    if (path?.startsWith('/api/v1/jobs/') && init.method === 'DELETE') return ok({ deleted: true });
    return fail(404, 'Not found', 'NOT_FOUND');
  });
  return { urls, fn };
}

const render = (path = '/dashboard/result-library') =>
  renderRoutes([{ path: '/dashboard/result-library', element: <ResultLibraryPage /> }], { path, auth: fakeAuth({ user: makeUser() }) });

describe('result library', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists results with previews fitting each kind, 12 per page, and pages', async () => {
    const sound = makeJob({
      service: 'sound-generator',
      cost: 2,
      outputs: [makeOutput({ kind: 'audio', name: 'sound.mp3', contentType: 'audio/mpeg' })],
      summary: { peaks: [0.1, 0.5, 0.9] },
    });
    const report = makeJob({
      service: 'sales-pilot',
      outputs: [makeOutput({ kind: 'report', name: 'sales-call-report.html', contentType: 'text/html; charset=utf-8' })],
      summary: makeReport(),
    });
    const video = makeJob({
      service: 'speedpainting',
      cost: 5,
      outputs: [
        makeOutput({ kind: 'video', name: 'speedpainting-oil.mp4', contentType: 'video/mp4' }),
        makeOutput({ kind: 'image', name: 'final.jpg', previewUrl: '/poster.jpg' }),
      ],
    });
    const image = makeJob({
      service: 'ai-background',
      cost: 0,
      outputs: [makeOutput({ name: 'background-removed.png', previewUrl: '/cutout.png' })],
    });
    const running = makeJob({ status: 'running', outputs: [], progress: 0.3 });
    const { urls } = serve((query) =>
      query.get('page') === '2' ? { items: [makeJob()], total: 13 } : { items: [sound, report, video, image, running], total: 13 },
    );
    render();
    expect(await screen.findAllByTestId('result-card')).toHaveLength(5);
    expect(urls).toContain('GET /api/v1/jobs?limit=12&page=1');
    expect(screen.getByText('13 results')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Preview of background-removed.png' })).toHaveAttribute('src', '/cutout.png');
    expect(screen.getByRole('img', { name: 'Video poster' })).toHaveAttribute('src', '/poster.jpg');
    expect(screen.getByText('Score 72')).toBeInTheDocument();
    expect(screen.getAllByTestId('waveform-bar')).toHaveLength(3);
    expect(screen.getByText('In progress…')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: /Open/ })[0]).toHaveAttribute('href', `/dashboard/tools/sound-generator?job=${sound.id}`);

    await userEvent.click(screen.getByRole('button', { name: /Next/ }));
    await waitFor(() => expect(screen.getAllByTestId('result-card')).toHaveLength(1));
    expect(urls).toContain('GET /api/v1/jobs?limit=12&page=2');
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
  });

  it('filters by tool and status', async () => {
    const { urls } = serve((query) => ({
      items: query.get('status') === 'failed' ? [] : [makeJob()],
      total: query.get('status') === 'failed' ? 0 : 1,
    }));
    render();
    await screen.findAllByTestId('result-card');
    await userEvent.selectOptions(screen.getByLabelText('Tool'), 'image-generator');
    await waitFor(() => expect(urls).toContain('GET /api/v1/jobs?service=image-generator&limit=12&page=1'));
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'failed');
    await waitFor(() => expect(urls).toContain('GET /api/v1/jobs?service=image-generator&status=failed&limit=12&page=1'));
    expect(await screen.findByText('No results match these filters')).toBeInTheDocument();
  });

  it('each card names what it was made from (prompt or input file), its tool and date; the search box finds prompts', async () => {
    const rain = makeJob({ service: 'sound-generator', params: { prompt: 'rain on a tin roof' }, outputs: [] });
    const birds = makeJob({ service: 'sound-generator', params: { prompt: 'birds at dawn' }, outputs: [] });
    const photo = makeJobListItem({
      service: 'ai-background',
      params: { mode: 'transparent' },
      input: { name: 'portrait.png', previewUrl: null },
      createdAt: '2026-11-21T09:30:00.000Z',
    });
    const { urls } = serve((query) =>
      query.get('search') === 'rain' ? { items: [rain], total: 1 } : { items: [rain, birds, photo], total: 3 },
    );
    render();
    const cards = await screen.findAllByTestId('result-card');
    expect(cards.map((card) => within(card).getByRole('heading', { level: 3 }).textContent)).toEqual([
      'rain on a tin roof',
      'birds at dawn',
      'portrait.png',
    ]);
    expect(cards[0]).toHaveTextContent('Sound Generation ·');
    expect(within(cards[2]!).getByText('AI Background', { exact: false })).toHaveTextContent(/AI Background · .*2026/);

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search prompts' }), 'rain');
    await waitFor(() => expect(urls).toContain('GET /api/v1/jobs?search=rain&limit=12&page=1'));
    await waitFor(() => expect(screen.getAllByTestId('result-card')).toHaveLength(1));
    expect(screen.getByRole('heading', { name: 'rain on a tin roof' })).toBeInTheDocument();
    // Typing pauses before asking: no request per letter.
    expect(urls.filter((url) => url.includes('search=r&') || url.includes('search=ra&'))).toEqual([]);
  });

  it('a search finding nothing offers to clear it', async () => {
    serve((query) => (query.get('search') ? { items: [], total: 0 } : { items: [makeJob()], total: 1 }));
    render('/dashboard/result-library?search=zebra');
    expect(await screen.findByText('No results match these filters')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search prompts' })).toHaveValue('zebra');
    await userEvent.click(screen.getByRole('button', { name: 'Clear the filters' }));
    expect(await screen.findAllByTestId('result-card')).toHaveLength(1);
    expect(screen.getByRole('searchbox', { name: 'Search prompts' })).toHaveValue('');
  });

  it('the empty library links to the tools', async () => {
    serve(() => ({ items: [], total: 0 }));
    render();
    expect(await screen.findByText('No results yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Virtual Try-On' })).toHaveAttribute('href', '/dashboard/tools/virtual-try-on');
  });

  it('deletes a result after confirming', async () => {
    const job = makeJob();
    const { urls } = serve(() => ({ items: [job], total: 1 }));
    render();
    await userEvent.click(await screen.findByRole('button', { name: /Delete the Image Generation result/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this result?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(urls).toContain(`DELETE /api/v1/jobs/${job.id}`));
  });

  it('a locked download opens the upgrade modal', async () => {
    serve(() => ({ items: [makeJob({ canDownload: false })], total: 1 }));
    const opened = vi.fn();
    window.addEventListener(UPGRADE_OPEN_EVENT, opened);
    render();
    await userEvent.click(await screen.findByRole('button', { name: /locked: buy credits to download/ }));
    window.removeEventListener(UPGRADE_OPEN_EVENT, opened);
    expect(opened).toHaveBeenCalledTimes(1);
  });

  it('marks the results shown as previews, and only those', async () => {
    const marked = makeJob({ canDownload: false, outputs: [makeOutput({ preview: true })] });
    const full = makeJob({ service: 'ai-background', outputs: [makeOutput({ preview: false })] });
    serve(() => ({ items: [marked, full], total: 2 }));
    render();
    const cards = await screen.findAllByTestId('result-card');
    expect(cards[0]).toHaveTextContent('· Preview');
    expect(cards[1]).not.toHaveTextContent('Preview');
  });
});
