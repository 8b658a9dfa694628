import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { PageSpinner } from '@/components/ui/spinner.tsx';
import { AUTH_OPEN_EVENT } from '@/session/auth-modal-events.ts';
import { AuthProvider } from '@/features/auth/components/auth-provider.tsx';
import { PAYMENT_OPEN_EVENT } from '@/features/payments/api/payment-dialog-events.ts';
import { UPGRADE_OPEN_EVENT } from '@/features/payments/api/upgrade-modal-events.ts';
import { MaintenanceBanner } from '@/features/settings/components/maintenance-banner.tsx';
import { AnalyticsLoader } from './analytics-loader.tsx';
import { AppErrorBoundary } from './error-boundary.tsx';
import { ScrollToTop } from './scroll-to-top.ts';
import { lazyEventHost } from './lazy-event-host.tsx';
import { useVersionPoll } from './version-poll.ts';

const AuthModals = lazyEventHost(AUTH_OPEN_EVENT, async () => (await import('@/features/auth/components/auth-modals.tsx')).AuthModals);
const UpgradeModal = lazyEventHost(
  UPGRADE_OPEN_EVENT,
  async () => (await import('@/features/payments/components/upgrade-modal.tsx')).UpgradeModal,
);
const PaymentDialogs = lazyEventHost(
  PAYMENT_OPEN_EVENT,
  async () => (await import('@/features/payments/components/payment-dialogs.tsx')).PaymentDialogs,
);

/** The root route: auth state, the maintenance banner, modals, crash handling, version poll and analytics around every page. */
export function RootLayout({ pollVersion = import.meta.env.MODE !== 'test' }: { pollVersion?: boolean }) {
  useVersionPoll(pollVersion);
  return (
    <AuthProvider>
      <MaintenanceBanner />
      <AppErrorBoundary>
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </AppErrorBoundary>
      <AuthModals />
      <UpgradeModal />
      <PaymentDialogs />
      <AnalyticsLoader />
      <ScrollToTop />
    </AuthProvider>
  );
}
