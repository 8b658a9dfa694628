import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { defaultCosts, seededPackages } from '@/test/credits-fixtures.ts';
import { fail, mockFetch, ok } from '@/test/fetch-mock.ts';
import { makeUser } from '@/test/fixtures.ts';
import { fakeAuth, renderRoutes } from '@/test/render.tsx';
import { openUpgradeModal, UPGRADE_OPEN_EVENT } from '../api/upgrade-modal-events.ts';
import { PaymentDialogs } from './payment-dialogs.tsx';
import { UpgradeModal } from './upgrade-modal.tsx';

describe('upgrade modal', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("opens on 'upgrade:open' with the plan grid and a link to the pricing page; a plan opens the payment dialog", async () => {
    expect(UPGRADE_OPEN_EVENT).toBe('upgrade:open');
    mockFetch((url) => {
      if (url === '/api/v1/credits/packages') return ok(seededPackages());
      if (url === '/api/v1/credits/costs') return ok(defaultCosts);
      return fail(404, 'Not found', 'NOT_FOUND');
    });
    const element = (
      <>
        <UpgradeModal />
        <PaymentDialogs />
      </>
    );
    renderRoutes([{ path: '/', element }], { auth: fakeAuth({ user: makeUser() }) });
    act(() => openUpgradeModal());
    const dialog = await screen.findByRole('dialog', { name: 'Upgrade Your Plan' });
    expect(await within(dialog).findByRole('article', { name: 'Pro' })).toBeInTheDocument();
    expect(within(dialog).getByRole('article', { name: '20 Credits' })).toHaveAttribute('aria-current', 'true');
    expect(within(dialog).getByRole('button', { name: 'Current Plan' })).toBeDisabled();
    expect(within(dialog).getByRole('link', { name: /detailed pricing/ })).toHaveAttribute('href', '/company/pricing');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Buy Pro' }));
    expect(await screen.findByRole('dialog', { name: 'Choose Payment Method' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Upgrade Your Plan' })).not.toBeInTheDocument();
  });
});
