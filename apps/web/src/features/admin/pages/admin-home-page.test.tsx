import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { fail, mockFetch, ok } from '@/test/fetch-mock.ts';
import { makeUser } from '@/test/fixtures.ts';
import { fakeAuth, renderRoutes } from '@/test/render.tsx';
import { serviceKeys, serviceNames } from '@lumen/core/services/catalogue';
import type { ServiceEntry } from '@lumen/core/jobs/schemas';
import { AdminHomePage } from './admin-home-page.tsx';

const admin = fakeAuth({ user: makeUser({ role: 'ADMIN' }) });

const makeServices = (): ServiceEntry[] =>
  serviceKeys.map((key) => ({
    key,
    name: serviceNames[key],
    description: '',
    cost: 1,
    outputKind: 'image',
    engine: { kind: 'builtin', label: `Built-in ${key} engine (offline)`, provider: null, model: null },
    files: [],
  }));

function renderWith(services: ServiceEntry[]) {
  mockFetch((url) => (url === '/api/v1/services' ? ok(services) : fail(404, 'Not found', 'NOT_FOUND')));
  renderRoutes([{ path: '/admin', element: <AdminHomePage /> }], { path: '/admin', auth: admin });
}

describe('/admin engines', () => {
  it('lists which tools run offline and which on a hosted model, with the way to the providers page', async () => {
    renderWith(
      makeServices().map((service) =>
        service.key === 'image-generator'
          ? {
              ...service,
              engine: { kind: 'remote' as const, label: 'fal (fal-ai/flux/schnell)', provider: 'fal', model: 'fal-ai/flux/schnell' },
            }
          : service,
      ),
    );
    const list = await screen.findByRole('list', { name: 'Engine of each tool' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(6);
    expect(within(list).getByText('Image Generation').parentElement).toHaveTextContent('Hosted: fal-ai/flux/schnell on fal');
    expect(within(list).getByText('Sound Generation').parentElement).toHaveTextContent(
      'Offline: Built-in sound-generator engine (offline)',
    );
    expect(screen.getByTestId('offline-summary')).toHaveTextContent('5 of 6 tools run on the offline engine.');
    expect(screen.getByRole('link', { name: 'Provider calls, spend and daily budget' })).toHaveAttribute('href', '/admin/providers');
  });

  it('says so when every tool runs on a hosted model', async () => {
    renderWith(
      makeServices().map((service) => ({
        ...service,
        engine: { kind: 'remote' as const, label: 'Replicate', provider: 'Replicate', model: 'owner/model' },
      })),
    );
    expect(await screen.findByTestId('offline-summary')).toHaveTextContent('Every tool runs on a hosted model.');
  });
});
