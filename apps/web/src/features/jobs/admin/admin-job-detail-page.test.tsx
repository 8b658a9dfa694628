import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { fail, mockFetch, ok } from '@/test/fetch-mock.ts';
import { makeUser } from '@/test/fixtures.ts';
import { fakeAuth, renderRoutes } from '@/test/render.tsx';
import { JOB_ID, makeAdminJobDetail } from '@/test/ai-admin-fixtures.ts';
import { AdminJobDetailPage } from './admin-job-detail-page.tsx';

const renderPage = () =>
  renderRoutes([{ path: '/admin/jobs/:id', element: <AdminJobDetailPage /> }], {
    path: `/admin/jobs/${JOB_ID}`,
    auth: fakeAuth({ user: makeUser({ role: 'ADMIN' }) }),
  });

describe('admin job detail', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.mocked(toast.success).mockClear();
  });

  it('shows the user, engine, timings, inputs, error and ledger; retry asks first and posts', async () => {
    let job = makeAdminJobDetail();
    const fetchMock = mockFetch((url, init) => {
      if (url === `/api/v1/admin/jobs/${JOB_ID}` && (init.method ?? 'GET') === 'GET') return ok(job);
      if (url === `/api/v1/admin/jobs/${JOB_ID}/retry` && init.method === 'POST') {
        job = { ...job, status: 'queued', error: null, attempts: 2 };
        return ok(job);
      }
      return fail(404, 'Not found', 'NOT_FOUND');
    });
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Virtual Try-On job' })).toBeInTheDocument();
    expect(screen.getByText('ada@example.com')).toBeInTheDocument();
    expect(screen.getByText(/Built-in — Built-in try-on/)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Hosted provider' })).not.toBeInTheDocument();
    expect(screen.getByText(/No person was found/)).toBeInTheDocument();
    expect(screen.getByText('(waited 2.0 s)')).toBeInTheDocument();
    expect(screen.getByAltText('Input person: me.jpg')).toHaveAttribute('src', '/api/v1/files/tok-person');
    const ledger = screen.getByRole('table', { name: 'Ledger entries of this job' });
    expect(within(ledger).getByText('-2')).toBeInTheDocument();
    expect(within(ledger).getByText('job charge')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Retry' }));
    const dialog = await screen.findByRole('dialog', { name: 'Retry this job?' });
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/retry'))).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Retry job' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(fetchMock.mock.calls.filter(([url, init]) => String(url).endsWith('/retry') && init?.method === 'POST')).toHaveLength(1);
    expect(toast.success).toHaveBeenCalledWith('The job was queued again');
    await waitFor(() => expect(screen.getByText('Attempts').nextElementSibling).toHaveTextContent('2'));
  });

  it('refund asks first and shows the server’s message on 409', async () => {
    const fetchMock = mockFetch((url, init) => {
      if (url === `/api/v1/admin/jobs/${JOB_ID}` && (init.method ?? 'GET') === 'GET')
        return ok(makeAdminJobDetail({ status: 'succeeded', error: null }));
      if (url === `/api/v1/admin/jobs/${JOB_ID}/refund` && init.method === 'POST')
        return fail(409, 'This job has already been refunded', 'CONFLICT');
      return fail(404, 'Not found', 'NOT_FOUND');
    });
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByRole('button', { name: 'Retry' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Refund' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund this job?' });
    await user.click(within(dialog).getByRole('button', { name: 'Refund credits' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This job has already been refunded');
    expect(fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/refund'))).toHaveLength(1);
    expect(toast.success).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('disables refund for a refunded job', async () => {
    mockFetch(() => ok(makeAdminJobDetail({ refunded: true })));
    renderPage();
    expect(await screen.findByRole('button', { name: 'Refund' })).toBeDisabled();
    expect(screen.getByText('Refunded')).toBeInTheDocument();
  });

  it('shows the hosted provider that ran the job: model, copyable request id, time and price', async () => {
    mockFetch(() =>
      ok(
        makeAdminJobDetail({
          status: 'succeeded',
          error: null,
          engine: { kind: 'remote', label: 'fal (fal-ai/flux/schnell)' },
          provider: { name: 'fal', model: 'fal-ai/flux/schnell', requestId: 'req-7f3a91', timeMs: 1240, costMicroUsd: 3000 },
        }),
      ),
    );
    const user = userEvent.setup();
    renderPage();
    const block = await screen.findByRole('region', { name: 'Hosted provider' });
    const fact = (label: string) => within(block).getByText(label).nextElementSibling;
    expect(fact('Provider')).toHaveTextContent('fal');
    expect(fact('Model')).toHaveTextContent('fal-ai/flux/schnell');
    expect(within(block).getByText('req-7f3a91').tagName).toBe('CODE');
    expect(fact('Time at the provider')).toHaveTextContent('1.2 s');
    expect(fact('Provider cost')).toHaveTextContent('$0.0030');

    await user.click(within(block).getByRole('button', { name: 'Copy request id' }));
    expect(await navigator.clipboard.readText()).toBe('req-7f3a91');
    expect(toast.success).toHaveBeenCalledWith('Copied to clipboard!');
  });

  it('says when a provider run has no published price or request id on record', async () => {
    mockFetch(() =>
      ok(
        makeAdminJobDetail({
          status: 'running',
          error: null,
          provider: { name: 'Replicate', model: 'owner/model', requestId: null, timeMs: null, costMicroUsd: null },
        }),
      ),
    );
    renderPage();
    const block = await screen.findByRole('region', { name: 'Hosted provider' });
    expect(within(block).getByText('Provider cost').nextElementSibling).toHaveTextContent('No published price');
    expect(within(block).getByText('Request id').nextElementSibling).toHaveTextContent('None recorded');
    expect(within(block).getByText('Time at the provider').nextElementSibling).toHaveTextContent('—');
    expect(within(block).queryByRole('button', { name: 'Copy request id' })).not.toBeInTheDocument();
  });
});
