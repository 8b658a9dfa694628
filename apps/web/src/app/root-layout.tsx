import { Suspense } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { PageSpinner } from '@/components/ui/spinner.tsx';
import { AuthModals } from '@/features/auth/components/auth-modals.tsx';
import { AuthProvider } from '@/features/auth/components/auth-provider.tsx';
import { PaymentDialogs } from '@/features/payments/components/payment-dialogs.tsx';
import { MaintenanceBanner } from '@/features/settings/components/maintenance-banner.tsx';
import { UpgradeModal } from '@/features/payments/components/upgrade-modal.tsx';
import { AnalyticsLoader } from './analytics-loader.tsx';
import { AppErrorBoundary } from './error-boundary.tsx';
import { useVersionPoll } from './version-poll.ts';

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
      <ScrollRestoration />
    </AuthProvider>
  );
}
