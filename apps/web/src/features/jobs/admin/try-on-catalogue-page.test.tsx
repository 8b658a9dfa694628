import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fail, mockFetch, ok } from '@/test/fetch-mock.ts';
import { makeUser } from '@/test/fixtures.ts';
import { fakeAuth, renderRoutes } from '@/test/render.tsx';
import { makeCatalogueItem } from '@/test/ai-admin-fixtures.ts';
import { TryOnCataloguePage } from './try-on-catalogue-page.tsx';

const renderPage = (kind: 'models' | 'garments') =>
  renderRoutes([{ path: '/', element: <TryOnCataloguePage kind={kind} /> }], { auth: fakeAuth({ user: makeUser({ role: 'ADMIN' }) }) });

const png = (bytes = 128, type = 'image/png', name = 'shirt.png') => new File([new Uint8Array(bytes)], name, { type });

describe('try-on catalogue', () => {
  beforeEach(() => {
    URL.createObjectURL = vi.fn(() => 'blob:preview');
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('validates the upload form before sending, then posts image + name + category as multipart', async () => {
    const fetchMock = mockFetch((url, init) => {
      if (url === '/api/v1/admin/try-on/garments' && (init.method ?? 'GET') === 'GET') return ok([makeCatalogueItem()]);
      if (url === '/api/v1/admin/try-on/garments' && init.method === 'POST')
        return {
          status: 201,
          body: {
            success: true,
            data: makeCatalogueItem({ id: '66666666-6666-4666-8666-666666666666', name: 'Blue jeans', category: 'bottom' }),
          },
        };
      return fail(404, 'Not found', 'NOT_FOUND');
    });
    const user = userEvent.setup({ applyAccept: false });
    renderPage('garments');
    expect(await screen.findByRole('heading', { level: 1, name: 'Virtual try-on clothing' })).toBeInTheDocument();
    expect(await screen.findByAltText('Red T-shirt')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add garment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a garment' });
    await user.click(within(dialog).getByRole('button', { name: 'Add garment' }));
    expect(await within(dialog).findByText('Choose an image')).toBeInTheDocument();
    expect(within(dialog).getByText('Give it a name')).toBeInTheDocument();

    await user.upload(within(dialog).getByLabelText('Image'), png(64, 'text/plain', 'notes.txt'));
    await user.click(within(dialog).getByRole('button', { name: 'Add garment' }));
    expect(await within(dialog).findByText('Use a PNG, JPEG or WebP image')).toBeInTheDocument();
    await user.upload(within(dialog).getByLabelText('Image'), png(16 * 1024 * 1024));
    await user.click(within(dialog).getByRole('button', { name: 'Add garment' }));
    expect(await within(dialog).findByText('The image must be at most 15 MB')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);

    await user.upload(within(dialog).getByLabelText('Image'), png());
    await user.type(within(dialog).getByLabelText('Name'), '  Blue jeans ');
    await user.selectOptions(within(dialog).getByLabelText('Category'), 'bottom');
    await user.click(within(dialog).getByRole('button', { name: 'Add garment' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')!;
    const body = post[1]!.body as FormData;
    expect(body).toBeInstanceOf(FormData);
    expect(body.get('name')).toBe('Blue jeans');
    expect(body.get('category')).toBe('bottom');
    expect((body.get('image') as File).name).toBe('shirt.png');
  });

  it('switches an item off with PUT {isActive:false} and edits its name', async () => {
    const fetchMock = mockFetch((url, init) => {
      if (url === '/api/v1/admin/try-on/models' && (init.method ?? 'GET') === 'GET')
        return ok([makeCatalogueItem({ name: 'Studio model A' })]);
      if (url.startsWith('/api/v1/admin/try-on/models/') && init.method === 'PUT')
        return ok(makeCatalogueItem({ ...JSON.parse(String(init.body)) }));
      return fail(404, 'Not found', 'NOT_FOUND');
    });
    const user = userEvent.setup();
    renderPage('models');
    await user.click(await screen.findByRole('switch', { name: 'Studio model A active' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(true));
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT')!;
    expect(put[0]).toBe('/api/v1/admin/try-on/models/55555555-5555-4555-8555-555555555555');
    expect(JSON.parse(String(put[1]!.body))).toEqual({ isActive: false });

    await user.click(screen.getByRole('button', { name: 'Edit Studio model A' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Studio model A' });
    await user.clear(within(dialog).getByLabelText('Name'));
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await within(dialog).findByText('Give it a name')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Name'), 'Studio model B');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const edit = fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT').at(-1)!;
    expect(JSON.parse(String(edit[1]!.body))).toEqual({ name: 'Studio model B', category: 'top' });
  });
});
