import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fail, mockFetch, ok } from '@/test/fetch-mock.ts';
import { makeUser } from '@/test/fixtures.ts';
import { fakeAuth, renderRoutes } from '@/test/render.tsx';
import { makeFinishedJob, makePost, paginated } from '../test/community-fixtures.ts';
import { FEATURED_ONLY_NOTE } from '../components/gallery-section.tsx';
import { CommunityPage } from './community-page.tsx';

type Call = { method: string; path: string; query: URLSearchParams; body: unknown };

const imageJob = makeFinishedJob({ params: { prompt: 'A lighthouse in a storm' } });
const reportJob = makeFinishedJob({ service: 'sales-pilot', params: { text: 'Seller: hello' } });

function serve(overrides: (call: Call) => ReturnType<typeof ok> | undefined = () => undefined) {
  const calls: Call[] = [];
  mockFetch((url, init) => {
    const [path = '', search = ''] = url.split('?');
    const call = {
      method: init.method ?? 'GET',
      path,
      query: new URLSearchParams(search),
      body: init.body ? JSON.parse(String(init.body)) : undefined,
    };
    calls.push(call);
    const override = overrides(call);
    if (override) return override;
    if (path === '/api/v1/jobs') return ok(paginated([imageJob, reportJob], 1, 6));
    if (path === `/api/v1/jobs/${reportJob.id}`) return ok(reportJob);
    if (path === '/api/v1/community/posts/mine')
      return ok(paginated([makePost({ isMine: true, status: 'hidden', prompt: 'My hidden kettle' })]));
    if (path === '/api/v1/community/posts' && call.method === 'GET') return ok(paginated([makePost({ prompt: 'Someone else’s fox' })]));
    if (path === '/api/v1/community/posts' && call.method === 'POST')
      return { status: 201, body: { success: true, data: makePost({ isMine: true }) } };
    return fail(404, 'Not found', 'NOT_FOUND');
  });
  return calls;
}

const render = (path = '/dashboard/community') =>
  renderRoutes([{ path: '/dashboard/community', element: <CommunityPage /> }], { path, auth: fakeAuth({ user: makeUser() }) });

describe('dashboard community', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows your posts (hidden ones marked), everyone’s, and your finished results to share', async () => {
    const calls = serve();
    render();
    expect(await screen.findByText('My hidden kettle')).toBeInTheDocument();
    expect(screen.getByText('Hidden by a moderator')).toBeInTheDocument();
    expect(await screen.findByText('Someone else’s fox')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /Publish the .* to community/ })).toHaveLength(2);
    expect(Object.fromEntries(calls.find((call) => call.path === '/api/v1/jobs')!.query)).toMatchObject({ status: 'succeeded' });
  });

  it('on a fresh install, marks the team’s featured posts and says they make way for people’s own', async () => {
    serve((call) =>
      call.path === '/api/v1/community/posts' && call.method === 'GET'
        ? ok(paginated([makePost({ featured: true, author: { name: 'Lumen Studio team' }, prompt: 'a calm sunset over the sea' })]))
        : undefined,
    );
    render();
    const post = (await screen.findByText('a calm sunset over the sea')).closest('[data-testid="community-post"]') as HTMLElement;
    expect(within(post).getByText('Featured')).toBeInTheDocument();
    expect(within(post).getByText(/Lumen Studio team/)).toBeInTheDocument();
    expect(screen.getByText(FEATURED_ONLY_NOTE)).toBeInTheDocument();
  });

  it('publishes a result with its tool prompt', async () => {
    const calls = serve();
    render();
    await userEvent.click((await screen.findAllByRole('button', { name: /Publish the Image Generation result/ }))[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Publish to community' });
    expect(within(dialog).getByTestId('shared-prompt')).toHaveTextContent('A lighthouse in a storm');
    await userEvent.type(within(dialog).getByLabelText('Title (optional)'), 'Stormy night');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((call) => call.method === 'POST')!.body).toEqual({ jobId: imageJob.id, title: 'Stormy night' });
  });

  it('a tool without a prompt needs a description; the server’s refusal is shown', async () => {
    const calls = serve((call) =>
      call.method === 'POST'
        ? { status: 409, body: { success: false, message: 'This result is already shared in the community', error: { code: 'CONFLICT' } } }
        : undefined,
    );
    render(`/dashboard/community?publish=${reportJob.id}`);
    const dialog = await screen.findByRole('dialog', { name: 'Publish to community' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Publish' }));
    expect(within(dialog).getByText('Describe your result: this tool has no prompt to share')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    await userEvent.type(within(dialog).getByLabelText('Description'), 'A discovery call, scored');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Publish' }));
    expect(await within(dialog).findByText('This result is already shared in the community')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')!.body).toEqual({ jobId: reportJob.id, prompt: 'A discovery call, scored' });
  });
});
