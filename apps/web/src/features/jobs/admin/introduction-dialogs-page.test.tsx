import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import type { AdminIntroductionDialog } from '@lumen/core/jobs/schemas';
import { serviceKeys } from '@lumen/core/services/catalogue';
import { fail, mockFetch, ok } from '@/test/fetch-mock.ts';
import { makeUser } from '@/test/fixtures.ts';
import { fakeAuth, renderRoutes } from '@/test/render.tsx';
import { IntroductionDialogsPage } from './introduction-dialogs-page.tsx';

const dialogs: AdminIntroductionDialog[] = [...serviceKeys].reverse().map((service) => ({
  service,
  title: `Welcome to ${service}`,
  body: 'First paragraph.\n\nSecond paragraph.',
  enabled: true,
  updatedAt: '2026-11-20T10:00:00.000Z',
  updatedBy: null,
}));

describe('introduction dialogs', () => {
  beforeEach(() => {
    // Radix's switch measures its hidden form input.
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe() {}
        unobserve() {}
        disconnect() {}
      },
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows one card per service in catalogue order, with a live preview; saving sends PUT {title, body, enabled}', async () => {
    const fetchMock = mockFetch((url, init) => {
      if (url === '/api/v1/admin/introduction-dialogs') return ok(dialogs);
      if (url === '/api/v1/admin/introduction-dialogs/sound-generator' && init.method === 'PUT') {
        return ok({ ...dialogs[0], ...JSON.parse(String(init.body)), updatedAt: '2026-11-21T10:00:00.000Z' });
      }
      return fail(404, 'Not found', 'NOT_FOUND');
    });
    const user = userEvent.setup();
    renderRoutes([{ path: '/', element: <IntroductionDialogsPage /> }], { auth: fakeAuth({ user: makeUser({ role: 'ADMIN' }) }) });
    const headings = await screen.findAllByRole('heading', { level: 2 });
    expect(headings.map((h) => h.textContent)).toEqual([
      'AI Background',
      'Image Generation',
      'Virtual Try-On',
      'Speed Painting Video',
      'Sales Pilot Analysis',
      'Sound Generation',
    ]);

    const card = screen.getByRole('article', { name: 'Sound Generation' });
    const save = within(card).getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    const title = within(card).getByLabelText('Sound Generation dialog title');
    await user.clear(title);
    expect(await within(card).findByText('Untitled')).toBeInTheDocument();
    await user.click(save);
    expect(await within(card).findByText('Give the dialog a title')).toBeInTheDocument();
    await user.type(title, 'Make a sound');
    const preview = within(card).getByLabelText('Preview of the Sound Generation dialog');
    expect(preview).toHaveTextContent('Make a sound');
    expect(within(preview).getAllByText(/paragraph\./)).toHaveLength(2);
    await user.click(within(card).getByRole('switch', { name: 'Sound Generation dialog enabled' }));
    await user.click(save);

    await waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(true));
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT')!;
    expect(put[0]).toBe('/api/v1/admin/introduction-dialogs/sound-generator');
    expect(JSON.parse(String(put[1]!.body))).toEqual({
      title: 'Make a sound',
      body: 'First paragraph.\n\nSecond paragraph.',
      enabled: false,
    });
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Sound Generation introduction saved'));
    expect(within(card).getByText('Off')).toBeInTheDocument();
  });
});
