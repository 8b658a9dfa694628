import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { headersOf, mockFetch, ok } from '@/test/fetch-mock.ts';
import { fakeAuth, renderRoutes } from '@/test/render.tsx';
import type { OpenApiDocument } from '../api/openapi-types.ts';
import { OpenApiPage } from './open-api-page.tsx';

vi.mock('sonner', () => ({ toast: Object.assign(vi.fn(), { error: vi.fn(), success: vi.fn(), info: vi.fn() }) }));

const doc: OpenApiDocument = {
  openapi: '3.1.0',
  info: { title: 'Lumen Studio API', version: '1.0.0' },
  paths: {
    '/api/v1/jobs': {
      post: {
        tags: ['jobs'],
        summary: 'Submit a job',
        security: [{ bearerAuth: [] }],
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {
                type: 'object',
                required: ['service'],
                properties: {
                  service: { type: 'string', enum: ['ai-background', 'image-generator'] },
                  params: { type: 'object', properties: { prompt: { type: 'string', maxLength: 1000, description: 'What to draw' } } },
                },
              },
            },
          },
        },
        responses: {
          '201': { description: 'The job', content: { 'application/json': { schema: { $ref: '#/components/schemas/Job' } } } },
          '402': { description: 'Insufficient credits' },
        },
      },
    },
    '/api/v1/jobs/{id}': {
      get: {
        tags: ['jobs'],
        summary: 'One job',
        security: [{ bearerAuth: [] }],
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } }],
        responses: { '200': { description: 'OK' } },
      },
    },
    '/api/v1/user/me': {
      get: { tags: ['users'], summary: 'The signed-in user', security: [{ bearerAuth: [] }], responses: { '200': { description: 'OK' } } },
    },
  },
  components: {
    schemas: {
      Job: {
        type: 'object',
        required: ['id', 'status'],
        properties: { id: { type: 'string', format: 'uuid' }, status: { type: 'string', enum: ['queued', 'running'] } },
      },
    },
  },
};

const routes = [{ path: '/resources/open-api', element: <OpenApiPage /> }];

describe('Open API page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('renders the operations of the OpenAPI document grouped by tag, with schemas as trees and a search', async () => {
    mockFetch((url) => (url === '/api/v1/openapi.json' ? { status: 200, body: doc } : { status: 404 }));
    renderRoutes(routes, { path: '/resources/open-api', auth: fakeAuth() });
    expect(await screen.findByRole('heading', { name: 'Jobs', level: 3 })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Users', level: 3 })).toBeInTheDocument();
    const operations = screen.getAllByTestId('operation');
    expect(operations).toHaveLength(3);
    const submit = operations.find((op) => op.textContent?.includes('Submit a job'))!;
    expect(within(submit).getByText('/api/v1/jobs')).toBeInTheDocument();
    expect(within(submit).getByText('post')).toBeInTheDocument();
    expect(within(submit).getByText('API key')).toBeInTheDocument();
    expect(within(submit).getByText('service')).toBeInTheDocument();
    expect(within(submit).getByText('"ai-background" | "image-generator"')).toBeInTheDocument();
    expect(within(submit).getByText('What to draw')).toBeInTheDocument();
    expect(within(submit).getByText('402')).toBeInTheDocument();
    const me = operations.find((op) => op.textContent?.includes('The signed-in user'))!;
    expect(within(me).getByText('Session')).toBeInTheDocument();

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search the API' }), 'user');
    await waitFor(() => expect(screen.getAllByTestId('operation')).toHaveLength(1));
    expect(screen.getByText('1 of 3 operations')).toBeInTheDocument();
  });

  it('sends a Try it request with the API key from the page and shows the response', async () => {
    const fetchMock = mockFetch((url) => {
      if (url === '/api/v1/openapi.json') return { status: 200, body: doc };
      if (url === '/api/v1/jobs/abc') return ok({ id: 'abc', status: 'queued' });
      return { status: 404 };
    });
    renderRoutes(routes, { path: '/resources/open-api', auth: fakeAuth() });
    await screen.findByRole('heading', { name: 'Jobs', level: 3 });
    await userEvent.type(screen.getByLabelText('API key (kept in this page only)'), 'sk_live_test123');
    const one = screen.getAllByTestId('operation').find((op) => op.textContent?.includes('One job'))!;
    await userEvent.click(within(one).getByText('One job'));
    await userEvent.type(within(one).getByLabelText(/id \(path\)/), 'abc');
    await userEvent.click(within(one).getByRole('button', { name: 'Send request' }));
    const response = await within(one).findByRole('status', { name: 'Response' });
    expect(response).toHaveTextContent('200');
    expect(response).toHaveTextContent('"status": "queued"');
    const call = fetchMock.mock.calls.find(([url]) => url === '/api/v1/jobs/abc');
    expect(headersOf(call?.[1]).Authorization).toBe('Bearer sk_live_test123');
  });

  it('explains authentication and shows the examples in curl, JavaScript and Python, and the webhook verification', async () => {
    mockFetch(() => ({ status: 200, body: doc }));
    renderRoutes(routes, { path: '/resources/open-api', auth: fakeAuth() });
    expect(await screen.findByRole('heading', { name: 'Authentication', level: 2 })).toBeInTheDocument();
    expect(screen.getAllByText(/X-API-Key/).length).toBeGreaterThan(0);
    expect(screen.getAllByText(/RateLimit-Remaining/).length).toBeGreaterThan(0);
    expect(screen.getAllByText(/Idempotency-Key/).length).toBeGreaterThan(0);
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
