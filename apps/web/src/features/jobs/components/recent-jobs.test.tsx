import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fail, mockFetch, ok } from '@/test/fetch-mock.ts';
import { renderRoutes } from '@/test/render.tsx';
import { makeJobListItem, makeOutput, paginated } from '../test/job-fixtures.ts';
import { RecentJobs } from './recent-jobs.tsx';

describe('RecentJobs', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows each job as a row of its own (thumbnail, prompt or input, service, status, cost) that opens its result', async () => {
    const fox = makeJobListItem({
      params: { prompt: 'a red fox in the snow' },
      cost: 2,
      outputs: [makeOutput({ previewUrl: '/api/v1/files/fox-result' })],
    });
    const portrait = makeJobListItem({
      service: 'ai-background',
      status: 'failed',
      params: { mode: 'transparent' },
      cost: 0,
      outputs: [],
      input: { name: 'portrait.jpg', previewUrl: '/api/v1/files/portrait-input' },
    });
    const call = makeJobListItem({ service: 'sales-pilot', status: 'running', params: { text: 'Anna: Hello Ben\nBen: Hi' }, outputs: [] });
    mockFetch((url) => (url.startsWith('/api/v1/jobs') ? ok(paginated([fox, portrait, call], 1, 5)) : fail(404, 'Not found')));
    const onOpen = vi.fn();
    renderRoutes([{ path: '/', element: <RecentJobs service="image-generator" currentId={portrait.id} onOpen={onOpen} /> }]);

    const foxRow = await screen.findByRole('button', { name: /^View result: a red fox in the snow/ });
    expect(within(foxRow).getByText('Image Generation')).toBeInTheDocument();
    expect(within(foxRow).getByText('Succeeded')).toBeInTheDocument();
    expect(within(foxRow).getByText('2 credits')).toBeInTheDocument();
    expect(foxRow.querySelector('img')).toHaveAttribute('src', '/api/v1/files/fox-result');

    const portraitRow = screen.getByRole('button', { name: /^View result: portrait\.jpg/ });
    expect(within(portraitRow).getByText('AI Background')).toBeInTheDocument();
    expect(within(portraitRow).getByText('Failed')).toBeInTheDocument();
    expect(within(portraitRow).getByText('free')).toBeInTheDocument();
    expect(portraitRow.querySelector('img')).toHaveAttribute('src', '/api/v1/files/portrait-input');
    expect(portraitRow).toHaveAttribute('aria-current', 'true');
    expect(foxRow).not.toHaveAttribute('aria-current');

    const callRow = screen.getByRole('button', { name: /^View result: Anna: Hello Ben,/ });
    expect(callRow.querySelector('img')).toBeNull();
    expect(callRow).toHaveAccessibleDescription(/Sales Pilot Analysis.*Running/);

    await userEvent.click(foxRow);
    await userEvent.click(portraitRow);
    expect(onOpen.mock.calls).toEqual([[fox.id], [portrait.id]]);
  });
});
