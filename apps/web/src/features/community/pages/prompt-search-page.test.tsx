import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AUTH_OPEN_EVENT } from '@/session/auth-modal-events.ts';
import { fail, mockFetch, ok } from '@/test/fetch-mock.ts';
import { makeUser } from '@/test/fixtures.ts';
import { fakeAuth, renderRoutes } from '@/test/render.tsx';
import { makePost, paginated } from '../test/community-fixtures.ts';
import { PromptSearchPage } from './prompt-search-page.tsx';

type Call = { method: string; path: string; query: URLSearchParams; body: unknown };

function serve(handler: (call: Call) => ReturnType<typeof ok>) {
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
    return handler(call);
  });
  return calls;
}

const render = (path = '/prompt-search', signedIn = true) =>
  renderRoutes([{ path: '/prompt-search', element: <PromptSearchPage /> }], {
    path,
    auth: fakeAuth({ user: signedIn ? makeUser() : null }),
  });

describe('prompt search', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('searches what is typed, shows ranked results as plain text, and links each prompt to its tool prefilled', async () => {
    const script = '<script>window.hacked = true</script>';
    const fox = makePost({ prompt: `Two foxes asleep ${script}`, title: 'Sleepy foxes' });
    const report = makePost({
      service: 'sales-pilot',
      isToolPrompt: false,
      prompt: 'A discovery call about foxes',
      media: { kind: 'report', contentType: 'text/html', url: null },
    });
    const calls = serve((call) =>
      call.path === '/api/v1/community/search' ? ok(paginated([fox, report], 1, 12, 2)) : fail(404, 'Not found'),
    );
    const { container } = render();
    expect(screen.getByText('Search the community’s prompts')).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('Search prompts'), 'foxes');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findAllByTestId('community-post')).toHaveLength(2);
    const search = calls.find((call) => call.path === '/api/v1/community/search')!;
    expect(Object.fromEntries(search.query)).toEqual({ q: 'foxes', page: '1', limit: '12' });
    expect(screen.getByText('2 results for “foxes”')).toBeInTheDocument();

    expect(screen.getByText(`Two foxes asleep ${script}`)).toBeInTheDocument();
    expect(container.querySelector('script')).toBeNull();
    const [first, second] = screen.getAllByTestId('community-post');
    expect(within(first!).getByRole('link', { name: /Use this prompt/ })).toHaveAttribute(
      'href',
      `/dashboard/tools/image-generator?prompt=${encodeURIComponent(fox.prompt)}`,
    );
    expect(within(second!).queryByRole('link', { name: /Use this prompt/ })).toBeNull();
    expect(within(first!).getByRole('img', { name: 'Sleepy foxes' })).toHaveAttribute('src', fox.media.url);
  });

  it('filters by tool, pages, and says when nothing matches', async () => {
    const calls = serve((call) => {
      if (call.query.get('tool') === 'sound-generator') return ok(paginated([], 1, 12, 0));
      return ok(paginated([makePost()], Number(call.query.get('page')), 12, 13));
    });
    render('/prompt-search?q=forest');
    expect(await screen.findAllByTestId('community-post')).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: /Next/ }));
    await waitFor(() => expect(calls.some((call) => call.query.get('page') === '2')).toBe(true));
    await userEvent.selectOptions(screen.getByLabelText('Tool'), 'sound-generator');
    expect(await screen.findByText('No prompts match “forest”')).toBeInTheDocument();
    expect(calls.at(-1)!.query.get('tool')).toBe('sound-generator');
    expect(calls.at(-1)!.query.get('page')).toBe('1');
  });

  it('reports a post with a reason, and likes it', async () => {
    const post = makePost({ likes: 2 });
    const calls = serve((call) => {
      if (call.path.endsWith('/report')) return ok({ reported: true });
      if (call.path.endsWith('/like')) return ok({ liked: true, likes: 3 });
      return ok(paginated([post]));
    });
    render('/prompt-search?q=fox');
    await screen.findByTestId('community-post');

    await userEvent.click(screen.getByRole('button', { name: '2 likes: like this post' }));
    await waitFor(() =>
      expect(calls.some((call) => call.method === 'POST' && call.path === `/api/v1/community/posts/${post.id}/like`)).toBe(true),
    );

    await userEvent.click(screen.getByRole('button', { name: 'Report this post' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report this post' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(within(dialog).getByText('Reason must be at least 3 characters')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'Copied from my portfolio');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((call) => call.path.endsWith('/report'))!.body).toEqual({ reason: 'Copied from my portfolio' });
  });

  it('asks a guest to sign in before liking', async () => {
    serve(() => ok(paginated([makePost()])));
    const opened = vi.fn();
    window.addEventListener(AUTH_OPEN_EVENT, opened);
    render('/prompt-search?q=fox', false);
    await screen.findByTestId('community-post');
    await userEvent.click(screen.getByRole('button', { name: '0 likes: like this post' }));
    expect(opened).toHaveBeenCalledTimes(1);
    window.removeEventListener(AUTH_OPEN_EVENT, opened);
  });
});
