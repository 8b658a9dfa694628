import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { headersOf, mockFetch, ok } from '@/test/fetch-mock.ts';
import { makeUser } from '@/test/fixtures.ts';
import { fakeAuth, renderRoutes } from '@/test/render.tsx';
import { openApiDocument as doc } from './open-api-page.fixtures.ts';
import { OpenApiPage } from './open-api-page.tsx';

const routes = [{ path: '/resources/open-api', element: <OpenApiPage /> }];
const visitor = fakeAuth();
const admin = fakeAuth({ user: makeUser({ role: 'ADMIN' }) });

const serveDocument = () => mockFetch((url) => (url === '/api/v1/openapi.json' ? { status: 200, body: doc } : { status: 404 }));
const groupHeadings = () =>
  screen.getAllByRole('heading', { level: 3 }).filter((heading) => heading.closest('[data-testid="operation-group"]'));
const group = (name: string) => screen.getByRole('region', { name });
const operation = (summary: string) => screen.getAllByTestId('operation').find((op) => op.textContent?.includes(summary))!;

/** Opens a group, as a click on its heading (inside its summary) does. */
async function openGroup(name: string) {
  await userEvent.click(screen.getByRole('heading', { name, level: 3 }));
  await within(group(name)).findAllByTestId('operation');
}

/** Opens an operation's row, as a click on its summary does, and waits for its details (loaded on first use). */
async function openOperation(summary: string) {
  await userEvent.click(within(operation(summary)).getByText(summary));
  await within(operation(summary)).findByRole('button', { name: 'Send request' });
  return operation(summary);
}

describe('Open API page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists the user groups collapsed, the ones that take a key first, each operation a row that opens to its schemas', async () => {
    serveDocument();
    renderRoutes(routes, { path: '/resources/open-api', auth: visitor });
    expect(await screen.findByRole('heading', { name: 'Jobs', level: 3 })).toBeInTheDocument();
    expect(groupHeadings().map((heading) => heading.textContent)).toEqual(['Jobs', 'Users']);
    expect(within(group('Jobs')).getByText('2 operations')).toBeInTheDocument();
    // A collapsed group renders no operations.
    expect(screen.queryAllByTestId('operation')).toHaveLength(0);
    expect(group('Jobs').querySelector('details')).not.toHaveAttribute('open');

    await openGroup('Jobs');
    expect(group('Jobs').querySelector('details')).toHaveAttribute('open');
    expect(within(group('Jobs')).getByText('AI services, uploads and jobs (API keys accepted)')).toBeInTheDocument();
    expect(screen.getAllByTestId('operation')).toHaveLength(2);
    expect(within(group('Users')).queryByTestId('operation')).toBeNull();

    const submit = operation('Submit a job');
    expect(within(submit).getByText('/api/v1/jobs')).toBeInTheDocument();
    expect(within(submit).getByText('post')).toBeInTheDocument();
    expect(within(submit).getByText('API key')).toBeInTheDocument();
    expect(within(submit).queryByText('service')).toBeNull();

    await openOperation('Submit a job');
    expect(operation('Submit a job')).toHaveAttribute('open');
    expect(within(submit).getByText('service')).toBeInTheDocument();
    expect(within(submit).getByText('"ai-background" | "image-generator"')).toBeInTheDocument();
    expect(within(submit).getByText('What to draw')).toBeInTheDocument();
    expect(within(submit).getByText('402')).toBeInTheDocument();

    // Groups open and close from their heading.
    await openGroup('Users');
    const me = within(group('Users')).getByTestId('operation');
    expect(within(me).getByText('Session')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('heading', { name: 'Jobs', level: 3 }));
    await waitFor(() => expect(within(group('Jobs')).queryByTestId('operation')).toBeNull());
    expect(screen.getAllByTestId('operation')).toHaveLength(1);
  });

  it('never shows the admin routes to a visitor, and shows them to an admin after the user groups', async () => {
    serveDocument();
    const { unmount } = renderRoutes(routes, { path: '/resources/open-api', auth: visitor });
    await screen.findByRole('heading', { name: 'Jobs', level: 3 });
    expect(screen.queryByRole('heading', { name: 'Admin' })).toBeNull();
    expect(screen.getByText('3 of 3 operations')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search the API' }), 'admin');
    expect(await screen.findByText('No operation matches your search')).toBeInTheDocument();
    expect(screen.getByText('0 of 3 operations')).toBeInTheDocument();
    expect(screen.queryByText('List every user')).toBeNull();
    unmount();

    serveDocument();
    renderRoutes(routes, { path: '/resources/open-api', auth: admin });
    await screen.findByRole('heading', { name: 'Jobs', level: 3 });
    expect(groupHeadings().map((heading) => heading.textContent)).toEqual(['Jobs', 'Users', 'Admin']);
    expect(within(group('Admin')).getByText('Admins only')).toBeInTheDocument();
    expect(screen.getByText('4 of 4 operations')).toBeInTheDocument();
    await openGroup('Admin');
    expect(within(group('Admin')).getByText('List every user')).toBeInTheDocument();
  });

  it('filters by path, method, summary or tag, counts the matches, hides empty groups and opens the others', async () => {
    serveDocument();
    renderRoutes(routes, { path: '/resources/open-api', auth: visitor });
    await screen.findByRole('heading', { name: 'Jobs', level: 3 });
    const search = screen.getByRole('searchbox', { name: 'Search the API' });

    await userEvent.type(search, 'user');
    await waitFor(() => expect(screen.getAllByTestId('operation')).toHaveLength(1));
    expect(screen.getByText('1 of 3 operations')).toBeInTheDocument();
    expect(groupHeadings().map((heading) => heading.textContent)).toEqual(['Users']);
    expect(within(group('Users')).getByText('The signed-in user')).toBeInTheDocument();

    await userEvent.clear(search);
    await userEvent.type(search, 'get /jobs');
    await waitFor(() => expect(screen.getByText('1 of 3 operations')).toBeInTheDocument());
    expect(screen.getByTestId('operation')).toHaveTextContent('One job');

    await userEvent.clear(search);
    await userEvent.type(search, 'jobs');
    await waitFor(() => expect(screen.getByText('2 of 3 operations')).toBeInTheDocument());
    expect(groupHeadings().map((heading) => heading.textContent)).toEqual(['Jobs']);
  });

  it('copies the curl example of an operation, with the API key header the server reads', async () => {
    serveDocument();
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    renderRoutes(routes, { path: '/resources/open-api', auth: visitor });
    await screen.findByRole('heading', { name: 'Jobs', level: 3 });
    await user.click(screen.getByRole('heading', { name: 'Jobs', level: 3 }));
    await user.click(within(operation('Submit a job')).getByText('Submit a job'));
    const submit = operation('Submit a job');
    const example = await within(submit).findByLabelText('curl example for POST /api/v1/jobs');
    expect(example).toHaveTextContent(`curl -X POST "${window.location.origin}/api/v1/jobs"`);
    expect(example).toHaveTextContent('-H "X-API-Key: $LUMEN_API_KEY"');
    expect(example).toHaveTextContent('-H "Idempotency-Key: $(uuidgen)"');
    expect(example).toHaveTextContent(`-d '{"service":"ai-background"}'`);

    await user.click(within(submit).getByRole('button', { name: 'Copy curl example for POST /api/v1/jobs' }));
    expect(writeText).toHaveBeenCalledWith(example.textContent);
    expect(await within(submit).findByRole('button', { name: 'Copied curl example for POST /api/v1/jobs' })).toHaveTextContent('Copied');
  });

  it('sends a Try it request with the API key typed on the page and shows the status, headers and body', async () => {
    const fetchMock = mockFetch((url) => {
      if (url === '/api/v1/openapi.json') return { status: 200, body: doc };
      if (url === '/api/v1/jobs/abc') return ok({ id: 'abc', status: 'queued' });
      return { status: 404 };
    });
    renderRoutes(routes, { path: '/resources/open-api', auth: visitor });
    await screen.findByRole('heading', { name: 'Jobs', level: 3 });
    await openGroup('Jobs');
    const one = await openOperation('One job');
    const key = within(one).getByLabelText('API key (kept in this page only)');
    expect(key).toHaveAttribute('type', 'password');
    await userEvent.type(key, 'sk_live_test123');
    await userEvent.click(within(one).getByRole('button', { name: 'Send request' }));
    expect(await within(one).findByRole('alert')).toHaveTextContent('Fill in id first.');

    await userEvent.type(within(one).getByLabelText(/id \(path\)/), 'abc');
    await userEvent.click(within(one).getByRole('button', { name: 'Send request' }));
    const response = await within(one).findByRole('status', { name: 'Response' });
    expect(response).toHaveTextContent('200');
    expect(within(response).getByRole('list', { name: 'Response headers' })).toHaveTextContent('content-type: application/json');
    expect(response).toHaveTextContent('"status": "queued"');
    const call = fetchMock.mock.calls.find(([url]) => url === '/api/v1/jobs/abc');
    expect(headersOf(call?.[1])['X-API-Key']).toBe('sk_live_test123');
    expect(headersOf(call?.[1]).Authorization).toBeUndefined();

    // The key is typed once for the page: another operation's Try it has it, and it is never stored.
    const submit = await openOperation('Submit a job');
    expect(within(submit).getByLabelText('API key (kept in this page only)')).toHaveValue('sk_live_test123');
    expect(JSON.stringify({ ...localStorage })).not.toContain('sk_live_test123');
    expect(JSON.stringify({ ...sessionStorage })).not.toContain('sk_live_test123');
  });

  it('refuses a body that is not JSON with an inline error and sends nothing', async () => {
    const fetchMock = serveDocument();
    renderRoutes(routes, { path: '/resources/open-api', auth: visitor });
    await screen.findByRole('heading', { name: 'Jobs', level: 3 });
    await openGroup('Jobs');
    const submit = await openOperation('Submit a job');
    const body = within(submit).getByLabelText('Request body (JSON)');
    await userEvent.clear(body);
    await userEvent.type(body, '{{"service": ');
    await userEvent.click(within(submit).getByRole('button', { name: 'Send request' }));
    expect(await within(submit).findByRole('alert')).toHaveTextContent(/^The request body is not valid JSON: /);
    expect(body).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/v1/jobs')).toBe(false);

    await userEvent.type(body, '"image-generator"}');
    expect(within(submit).queryByRole('alert')).toBeNull();
  });

  it('explains authentication, the typed SDK, and shows the examples in curl, JavaScript and Python and the webhook verification', async () => {
    serveDocument();
    renderRoutes(routes, { path: '/resources/open-api', auth: visitor });
    expect(await screen.findByRole('heading', { name: 'Authentication', level: 2 })).toBeInTheDocument();
    expect(screen.getAllByText(/X-API-Key/).length).toBeGreaterThan(0);
    expect(screen.getAllByText(/RateLimit-Remaining/).length).toBeGreaterThan(0);
    expect(screen.getAllByText(/Idempotency-Key/).length).toBeGreaterThan(0);
    const sdk = screen.getByRole('region', { name: 'Typed SDK' });
    expect(sdk).toHaveTextContent('packages/sdk');
    expect(within(sdk).getByLabelText('Typed SDK example')).toHaveTextContent(
      "import { createLumenClient, LumenInsufficientCreditsError } from '@lumen/sdk';",
    );
    const mcp = screen.getByRole('region', { name: 'MCP for AI agents' });
    expect(mcp).toHaveTextContent('/mcp');
    expect(mcp).not.toHaveTextContent('WWW-Authenticate: Bearer');
    await userEvent.click(within(mcp).getByText('Tools, resources, errors and a client configuration'));
    expect(await within(mcp).findByLabelText('MCP sign-in failure')).toHaveTextContent('WWW-Authenticate: Bearer');
    expect(within(mcp).getByLabelText('MCP client configuration')).toHaveTextContent('"X-API-Key": "sk_live_…"');
    expect(screen.getByRole('link', { name: 'MCP for AI agents' })).toHaveAttribute('href', '#mcp');
    for (const title of ['1. Create an upload', '2. Start a job', '3. Poll the job', '4. Download the result']) {
      expect(screen.getByRole('heading', { name: title })).toBeInTheDocument();
    }
    const upload = screen.getByRole('tablist', { name: '1. Create an upload: languages' });
    expect(
      within(upload)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['curl', 'JavaScript (fetch)', 'Python (requests)']);
    expect(screen.getByLabelText('1. Create an upload in curl')).toHaveTextContent('-F "file=@photo.png"');
    await userEvent.click(within(upload).getByRole('tab', { name: 'Python (requests)' }));
    expect(screen.getByLabelText('1. Create an upload in Python (requests)')).toHaveTextContent('requests.post');
    expect(screen.getByLabelText('Quick start: generate an image in curl')).toHaveTextContent(
      '"service":"image-generator","params":{"prompt"',
    );
    expect(screen.getByLabelText('Verifying a webhook signature in JavaScript (Node)')).toHaveTextContent("createHmac('sha256', secret)");
    expect(screen.getAllByText(/Lumen-Signature/).length).toBeGreaterThan(0);
  });
});
