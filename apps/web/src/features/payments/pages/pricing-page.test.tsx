import { pricingStory } from '@lumen/core/credits/pricing-story';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { toast } from 'sonner';
import { AuthContext } from '@/session/auth-context.ts';
import { AUTH_OPEN_EVENT } from '@/session/auth-modal-events.ts';
import { defaultCosts, makePackage, seededPackages } from '@/test/credits-fixtures.ts';
import { fail, mockFetch, ok } from '@/test/fetch-mock.ts';
import { makeUser } from '@/test/fixtures.ts';
import { fakeAuth, renderRoutes } from '@/test/render.tsx';
import type { CreditPackage } from '@lumen/core/credits/schemas';
import { PaymentDialogs } from '../components/payment-dialogs.tsx';
import { PricingPage } from './pricing-page.tsx';

const routes = [
  {
    path: '/company/pricing',
    element: (
      <>
        <PricingPage />
        <PaymentDialogs />
      </>
    ),
  },
];

const monthlyPlan = {
  id: 'plan-1',
  name: 'Creator',
  description: 'For regular creators: fresh credits every month.',
  price: 15,
  interval: 'month',
  creditsPerPeriod: 100,
  features: ['100 credits every month'],
  isActive: true,
  sortOrder: 1,
};

function serve(
  packages: CreditPackage[] = seededPackages(),
  costs: Record<string, number> = defaultCosts,
  available = { card: true, crypto: true },
) {
  return mockFetch((url) => {
    if (url === '/api/v1/credits/packages') return ok(packages);
    if (url === '/api/v1/credits/costs') return ok(costs);
    if (url === '/api/v1/payment/plans') return ok([monthlyPlan]);
    if (url === '/api/v1/payment/config')
      return ok({ available, testMode: { card: true, crypto: true }, stripePublishableKey: null, cryptoMinimumAmount: 19.2 });
    if (url === '/api/v1/credits/purchase/stripe/create-payment-intent') {
      return ok({ clientSecret: 'pi_1_secret_x', amount: 1900, currency: 'usd', orderId: '11111111-1111-4111-8111-111111111111' });
    }
    return fail(404, 'Not found', 'NOT_FOUND');
  });
}

function card(name: string): HTMLElement {
  return screen.getByRole('article', { name });
}

async function renderPricing(options: { signedIn?: boolean } = {}) {
  const auth = fakeAuth({ user: options.signedIn ? makeUser() : null });
  const result = renderRoutes(routes, { path: '/company/pricing', auth });
  await screen.findByRole('article', { name: 'Pro' });
  return result;
}

describe('pricing page', () => {
  beforeEach(() => {
    vi.mocked(toast.error).mockClear();
    vi.mocked(toast.info).mockClear();
    vi.mocked(toast.success).mockClear();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('says purchases are unavailable and offers no payment when the server takes neither cards nor crypto', async () => {
    serve(seededPackages(), defaultCosts, { card: false, crypto: false });
    await renderPricing({ signedIn: true });
    expect(await screen.findByRole('alert')).toHaveTextContent('Purchases are unavailable right now: this server takes no payments yet.');
    expect(screen.getByRole('button', { name: /Continue to Payment/ })).toBeDisabled();
  });

  it('offers no unavailable payment kind in the method dialog', async () => {
    serve(seededPackages(), defaultCosts, { card: true, crypto: false });
    await renderPricing({ signedIn: true });
    await userEvent.click(screen.getByRole('button', { name: /Continue to Payment/ }));
    expect(await screen.findByRole('button', { name: /Credit or Debit Card/ })).toBeInTheDocument();
    expect(screen.queryByText(/Cryptocurrency/)).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the heading, the FREE CREDITS note with a contact link, and the trust notes', async () => {
    serve();
    await renderPricing();
    expect(screen.getByRole('heading', { level: 1, name: 'Choose the Perfect Plan for Your Creative Needs' })).toBeInTheDocument();
    expect(screen.getByText('FREE CREDITS')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'contact our team' })).toHaveAttribute('href', '/contact');
    expect(screen.getByText(/share lumen studio on social media/i)).toBeInTheDocument();
    for (const note of ['30-day money-back guarantee', 'Secure payment processing', '24/7 customer support']) {
      expect(screen.getByText(note)).toBeInTheDocument();
    }
  });

  it('names and labels the cards by the package rules, with price, credits and price per credit to 3 decimals', async () => {
    serve();
    await renderPricing();
    const starter = card('Starter');
    expect(within(starter).getByText('$0')).toBeInTheDocument();
    expect(within(starter).getByText('5 credits')).toBeInTheDocument();

    const first = card('20 Credits');
    expect(within(first).getByText('$5')).toBeInTheDocument();
    expect(within(first).getByText('$0.250 per credit')).toBeInTheDocument();

    const pro = card('Pro');
    expect(within(pro).getByText('Best value')).toBeInTheDocument();
    expect(within(pro).getByText('$0.180 per credit')).toBeInTheDocument();

    const plus = card('Plus');
    expect(within(plus).getByText('Most Popular')).toBeInTheDocument();
    expect(within(plus).getByText('$0.158 per credit')).toBeInTheDocument();

    const last = card('350 Credits');
    expect(within(last).getByText('$49')).toBeInTheDocument();
    expect(within(last).getByText('350 credits')).toBeInTheDocument();
    expect(within(last).getByText('$0.140 per credit')).toBeInTheDocument();
    expect(within(last).queryByText('Most Popular')).not.toBeInTheDocument();
    // uses per service on the card
    const proUses = within(within(pro).getByRole('list', { name: 'What Pro buys' }))
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(proUses).toEqual([
      'AI Background: Unlimited',
      'Image Generation: 50 uses',
      'Virtual Try-On: 25 uses',
      'Speed Painting Video: 10 uses',
      'Sales Pilot Analysis: 50 uses',
      'Sound Generation: 25 uses',
    ]);
  });

  it('preselects the first package, visibly', async () => {
    serve();
    await renderPricing();
    expect(card('20 Credits')).toHaveAttribute('aria-current', 'true');
    expect(within(card('20 Credits')).getByText('Selected')).toBeInTheDocument();
    expect(card('Pro')).not.toHaveAttribute('aria-current');
    expect(screen.getByText(/Selected:/)).toHaveTextContent('Selected: 20 Credits — 20 credits for $5');
  });

  it('hides inactive packages and names the cards by their place among the active ones', async () => {
    serve([makePackage(5, 20), makePackage(7, 30, { isActive: false }), makePackage(9, 50), makePackage(19, 120)]);
    await renderPricing();
    expect(screen.queryByRole('article', { name: '30 Credits' })).not.toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Plus' })).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(4);
  });

  it('shows the sign-up prompt to signed-out visitors and opens the auth modals', async () => {
    serve();
    const events: unknown[] = [];
    const listener = (event: Event) => events.push((event as CustomEvent).detail);
    window.addEventListener(AUTH_OPEN_EVENT, listener);
    await renderPricing();
    expect(screen.getByText('No credit card required for free plan • 30-second setup')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Sign Up for Free' }));
    await userEvent.click(screen.getByRole('button', { name: 'Already have an account? Sign In' }));
    window.removeEventListener(AUTH_OPEN_EVENT, listener);
    expect(events).toEqual([{ mode: 'signup', redirectTo: '/dashboard' }, { mode: 'login' }]);
  });

  it('sends a signed-out visitor to sign-up: free leads to /dashboard, a paid plan back to pricing with it selected', async () => {
    const packages = seededPackages();
    serve(packages);
    const events: Array<{ redirectTo?: string; mode: string }> = [];
    const listener = (event: Event) => events.push((event as CustomEvent).detail);
    window.addEventListener(AUTH_OPEN_EVENT, listener);
    await renderPricing();
    await userEvent.click(within(card('Starter')).getByRole('button', { name: 'Get Started Free' }));
    await userEvent.click(within(card('Pro')).getByRole('button', { name: 'Buy Pro' }));
    window.removeEventListener(AUTH_OPEN_EVENT, listener);
    expect(events[0]).toMatchObject({ mode: 'signup', redirectTo: '/dashboard' });
    expect(events[1]).toMatchObject({ mode: 'signup', redirectTo: `/company/pricing?package=${packages[1]!.id}` });
    expect(card('Pro')).toHaveAttribute('aria-current', 'true');
  });

  it('tells one story: packages and the optional monthly plans side by side; a visitor subscribing signs up first', async () => {
    serve();
    const events: Array<{ redirectTo?: string; mode: string; message?: string }> = [];
    const listener = (event: Event) => events.push((event as CustomEvent).detail);
    window.addEventListener(AUTH_OPEN_EVENT, listener);
    await renderPricing();
    expect(screen.getByText(`Start free. ${pricingStory.summary}`)).toBeInTheDocument();
    const plans = screen.getByRole('region', { name: 'Monthly plans' });
    expect(within(plans).getByText(pricingStory.plans)).toBeInTheDocument();
    const creator = await within(plans).findByRole('listitem', { name: 'Creator' });
    expect(within(creator).getByText('100 credits every month', { selector: 'p' })).toBeInTheDocument();
    await userEvent.click(within(creator).getByRole('button', { name: 'Subscribe to Creator' }));
    window.removeEventListener(AUTH_OPEN_EVENT, listener);
    expect(events).toEqual([
      {
        mode: 'signup',
        redirectTo: '/dashboard/subscription',
        message: 'Create your free account first; then you can subscribe to the Creator plan.',
      },
    ]);
  });

  it('after signing up for a paid plan, selects it and tells the user to pick their package', async () => {
    const packages = seededPackages();
    serve(packages);
    const { router } = renderRoutes(routes, { path: `/company/pricing?package=${packages[2]!.id}`, auth: fakeAuth({ user: makeUser() }) });
    await screen.findByRole('article', { name: 'Plus' });
    await waitFor(() => expect(card('Plus')).toHaveAttribute('aria-current', 'true'));
    expect(toast.success).toHaveBeenCalledWith('Your account is ready! Pick your credit package to complete the purchase.');
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it("signed in: the Starter button is a disabled 'Current Plan', no sign-up prompt, and the free plan says so", async () => {
    serve();
    await renderPricing({ signedIn: true });
    expect(within(card('Starter')).getByRole('button', { name: 'Current Plan' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Sign Up for Free' })).not.toBeInTheDocument();
    await userEvent.click(card('Starter'));
    expect(toast.info).toHaveBeenCalledWith("You're already on the Free plan");
  });

  it('signed in: a paid plan is selected and opens the payment-method dialog', async () => {
    serve();
    await renderPricing({ signedIn: true });
    await userEvent.click(within(card('Plus')).getByRole('button', { name: 'Buy Plus' }));
    const dialog = await screen.findByRole('dialog');
    expect(screen.getByRole('article', { name: 'Plus', hidden: true })).toHaveAttribute('aria-current', 'true');
    expect(within(dialog).getByText('Choose your preferred payment method to complete the purchase.')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: /Credit or Debit Card/ }));
    const cardDialog = await screen.findByRole('dialog', { name: 'Purchase Credits - Plus' });
    expect(within(cardDialog).getByText("Complete your credit purchase using Stripe's secure payment system.")).toBeInTheDocument();
    expect(await within(cardDialog).findByRole('button', { name: 'Pay $19' })).toBeEnabled();
    expect(within(cardDialog).getByRole('note', { name: 'Test mode' })).toBeInTheDocument();
  });

  it('holds a click made while the session is still being checked and answers it once the user is known', async () => {
    serve();
    const authEvents: unknown[] = [];
    const listener = (event: Event) => authEvents.push((event as CustomEvent).detail);
    window.addEventListener(AUTH_OPEN_EVENT, listener);
    const { router, queryClient, rerender } = renderRoutes(routes, { path: '/company/pricing', auth: fakeAuth({ isLoading: true }) });
    await screen.findByRole('article', { name: 'Plus' });
    await userEvent.click(within(card('Plus')).getByRole('button', { name: 'Buy Plus' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    rerender(
      <QueryClientProvider client={queryClient}>
        <AuthContext.Provider value={fakeAuth({ user: makeUser() })}>
          <RouterProvider router={router} />
        </AuthContext.Provider>
      </QueryClientProvider>,
    );
    const dialog = await screen.findByRole('dialog');
    window.removeEventListener(AUTH_OPEN_EVENT, listener);
    expect(within(dialog).getByText('Choose your preferred payment method to complete the purchase.')).toBeInTheDocument();
    expect(authEvents).toEqual([]);
  });

  it("validates the purchase start: 'Authentication required' for a signed-out visitor", async () => {
    serve();
    await renderPricing();
    await userEvent.click(screen.getByRole('button', { name: /Continue to Payment/ }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith(
        'Authentication required',
        expect.objectContaining({ description: 'Please sign in to purchase credits' }),
      ),
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("validates the purchase start: 'Selection required' when no package is selected", async () => {
    serve([]);
    renderRoutes(routes, { path: '/company/pricing', auth: fakeAuth({ user: makeUser() }) });
    await screen.findByRole('article', { name: 'Starter' });
    const { openPaymentDialog } = await import('../api/payment-dialog-events.ts');
    openPaymentDialog({ packageId: null });
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Selection required', { description: 'Please select a credit package' }));
  });

  it("validates the purchase start: 'Error' / 'Selected package not found' when the package is gone", async () => {
    serve();
    await renderPricing({ signedIn: true });
    const { openPaymentDialog } = await import('../api/payment-dialog-events.ts');
    openPaymentDialog({ packageId: '00000000-0000-4000-8000-999999999999' });
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Error', { description: 'Selected package not found' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('fills the usage comparison table with floor(credits / cost) and Unlimited for AI background', async () => {
    serve(seededPackages(), { ...defaultCosts, speedpainting: 5 });
    await renderPricing();
    const table = screen.getByRole('table', { name: 'Uses per service for each plan' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    expect(headers).toEqual([
      'Service',
      'Starter5 credits',
      '20 Credits20 credits',
      'Pro50 credits',
      'Plus120 credits',
      '350 Credits350 credits',
    ]);
    const row = (name: string) =>
      within(within(table).getByRole('rowheader', { name }).closest('tr')!)
        .getAllByRole('cell')
        .map((td) => td.textContent);
    expect(row('AI Background')).toEqual(['Unlimited', 'Unlimited', 'Unlimited', 'Unlimited', 'Unlimited']);
    expect(row('Image Generation')).toEqual(['5', '20', '50', '120', '350']);
    expect(row('Virtual Try-On')).toEqual(['2', '10', '25', '60', '175']);
    expect(row('Speed Painting Video')).toEqual(['1', '4', '10', '24', '70']);
    expect(row('Sound Generation')).toEqual(['2', '10', '25', '60', '175']);
  });

  it('uses the costs from GET /credits/costs in the table and the Credit Cost Reference', async () => {
    serve(seededPackages(), { ...defaultCosts, 'image-generator': 3 });
    await renderPricing();
    const table = screen.getByRole('table', { name: 'Uses per service for each plan' });
    const cells = within(within(table).getByRole('rowheader', { name: 'Image Generation' }).closest('tr')!).getAllByRole('cell');
    expect(cells.map((td) => td.textContent)).toEqual(['1', '6', '16', '40', '116']);
    const reference = screen.getByRole('heading', { name: 'Credit Cost Reference' }).closest('section')!;
    expect(within(reference).getByText('3 credits per use')).toBeInTheDocument();
    expect(within(reference).getByText('Unlimited')).toBeInTheDocument();
  });

  it('the checkout cancel target /pricing?payment=cancelled says the payment was cancelled; without the query it does not', async () => {
    serve();
    const auth = fakeAuth({ user: makeUser() });
    renderRoutes([{ path: '/pricing', element: <PricingPage embedded /> }], { path: '/pricing?payment=cancelled', auth });
    expect(await screen.findByText('Payment cancelled. You have not been charged.')).toBeInTheDocument();
    await screen.findByRole('article', { name: 'Pro' });
  });

  it('shows no cancellation notice on a plain visit', async () => {
    serve();
    await renderPricing({ signedIn: true });
    expect(screen.queryByText('Payment cancelled. You have not been charged.')).not.toBeInTheDocument();
  });

  it("toasts 'Failed to load credit packages' and retries", async () => {
    let calls = 0;
    mockFetch((url) => {
      if (url === '/api/v1/credits/packages') {
        calls += 1;
        return calls <= 2 ? fail(500, 'Boom', 'INTERNAL') : ok(seededPackages());
      }
      if (url === '/api/v1/credits/costs') return ok(defaultCosts);
      if (url === '/api/v1/payment/plans') return ok([]);
      return fail(404, 'Not found', 'NOT_FOUND');
    });
    renderRoutes(routes, { path: '/company/pricing', auth: fakeAuth() });
    expect(screen.getByText('Loading plans…')).toBeInTheDocument();
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Failed to load credit packages'), { timeout: 4000 });
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'Pro' })).toBeInTheDocument();
  });
});
