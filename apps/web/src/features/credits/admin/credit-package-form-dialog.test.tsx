import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fail, mockFetch } from '@/test/fetch-mock.ts';
import { fakeAuth, renderRoutes } from '@/test/render.tsx';
import { CreditPackageFormDialog } from './credit-package-form-dialog.tsx';

describe('the credit package dialog', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says which empty fields are required and which values are wrong, and sends nothing', async () => {
    const fetchMock = mockFetch(() => fail(404, 'Not found', 'NOT_FOUND'));
    renderRoutes([{ path: '/', element: <CreditPackageFormDialog open onOpenChange={() => undefined} /> }], { auth: fakeAuth() });
    await userEvent.click(await screen.findByRole('button', { name: 'Create package' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Price is required')).toBeInTheDocument();
    expect(screen.getByText('Credits is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Credits')).toHaveAccessibleDescription('Credits is required');

    await userEvent.type(screen.getByLabelText('Price (USD)'), '0');
    await userEvent.type(screen.getByLabelText('Credits'), '2.5');
    await userEvent.click(screen.getByRole('button', { name: 'Create package' }));
    expect(await screen.findByText('Price must be at least 0.01')).toBeInTheDocument();
    expect(screen.getByText('Credits must be a whole number')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });
});
