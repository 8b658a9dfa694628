import { Navigate, useRoutes } from 'react-router';
import type { RouteObject } from 'react-router';
import type { ServiceKey } from '@lumen/core/services/catalogue';
import { services } from '@/lib/service-details.ts';
import { PublicLayout } from './layouts/public-layout.tsx';
import { lazyPage } from './lazy-page.ts';
import { RootLayout } from './root-layout.tsx';
import { RouteGuard } from './route-guard.tsx';

// Every page is loaded lazily, behind the Suspense fallback of its layout; so are the signed-in and admin layouts.
const DashboardLayout = lazyPage(() => import('./layouts/dashboard-layout.tsx'), 'DashboardLayout');
const AdminLayout = lazyPage(() => import('./layouts/admin-layout.tsx'), 'AdminLayout');
const HomePage = lazyPage(() => import('@/features/marketing/pages/home-page.tsx'), 'HomePage');
const AboutPage = lazyPage(() => import('@/features/marketing/pages/about-page.tsx'), 'AboutPage');
const TermsPage = lazyPage(() => import('@/features/marketing/pages/terms-page.tsx'), 'TermsPage');
const PrivacyPage = lazyPage(() => import('@/features/marketing/pages/privacy-page.tsx'), 'PrivacyPage');
const ProductPage = lazyPage(() => import('@/features/marketing/pages/product-page.tsx'), 'ProductPage');
const ComingSoonPage = lazyPage(() => import('@/features/marketing/pages/coming-soon-page.tsx'), 'ComingSoonPage');
const VideosPage = lazyPage(() => import('@/features/content/pages/videos-page.tsx'), 'VideosPage');
const BlogsPage = lazyPage(() => import('@/features/content/pages/blogs-page.tsx'), 'BlogsPage');
const BlogPostPage = lazyPage(() => import('@/features/content/pages/blog-post-page.tsx'), 'BlogPostPage');
const ContactPage = lazyPage(() => import('@/features/content/pages/contact-page.tsx'), 'ContactPage');
const AdminBlogPage = lazyPage(() => import('@/features/content/admin/admin-blog-page.tsx'), 'AdminBlogPage');
const AdminBlogEditorPage = lazyPage(() => import('@/features/content/admin/admin-blog-editor-page.tsx'), 'AdminBlogEditorPage');
const AdminNewsletterPage = lazyPage(() => import('@/features/content/admin/admin-newsletter-page.tsx'), 'AdminNewsletterPage');
const NewsletterLinkPage = lazyPage(() => import('@/features/content/pages/newsletter-link-page.tsx'), 'NewsletterLinkPage');
const CommunityResourcesPage = lazyPage(() => import('@/features/community/pages/community-resources-page.tsx'), 'CommunityResourcesPage');
const PromptSearchPage = lazyPage(() => import('@/features/community/pages/prompt-search-page.tsx'), 'PromptSearchPage');
const CommunityPage = lazyPage(() => import('@/features/community/pages/community-page.tsx'), 'CommunityPage');
const CommunityModerationPage = lazyPage(
  () => import('@/features/community/admin/community-moderation-page.tsx'),
  'CommunityModerationPage',
);
const OpenApiPage = lazyPage(() => import('@/features/developers/pages/open-api-page.tsx'), 'OpenApiPage');
const ApiManagementPage = lazyPage(() => import('@/features/api-keys/pages/api-management-page.tsx'), 'ApiManagementPage');
const OAuthConsentPage = lazyPage(() => import('@/features/oauth-consent/pages/oauth-consent-page.tsx'), 'OAuthConsentPage');
const PricingPage = lazyPage(() => import('@/features/payments/pages/pricing-page.tsx'), 'PricingPage');
const BillingPage = lazyPage(() => import('@/features/payments/pages/billing-page.tsx'), 'BillingPage');
const SubscriptionPage = lazyPage(() => import('@/features/payments/pages/subscription-page.tsx'), 'SubscriptionPage');
const DashboardHomePage = lazyPage(() => import('@/features/dashboard/pages/dashboard-home-page.tsx'), 'DashboardHomePage');
const DashboardComingSoonPage = lazyPage(
  () => import('@/features/dashboard/pages/dashboard-coming-soon-page.tsx'),
  'DashboardComingSoonPage',
);
const ResultLibraryPage = lazyPage(() => import('@/features/jobs/pages/result-library-page.tsx'), 'ResultLibraryPage');
const ToolPage = lazyPage(() => import('@/features/jobs/pages/tool-page.tsx'), 'ToolPage');
const ProfilePage = lazyPage(() => import('@/features/users/pages/profile-page.tsx'), 'ProfilePage');
const AuthCallbackPage = lazyPage(() => import('@/features/auth/pages/auth-callback-page.tsx'), 'AuthCallbackPage');
const AdminSettingsPage = lazyPage(() => import('@/features/settings/admin/admin-settings-page.tsx'), 'AdminSettingsPage');
const AdminSecurityPage = lazyPage(() => import('@/features/admin/pages/admin-security-page.tsx'), 'AdminSecurityPage');
const AdminAnalyticsPage = lazyPage(() => import('@/features/admin/pages/admin-analytics-page.tsx'), 'AdminAnalyticsPage');
const AdminProvidersPage = lazyPage(() => import('@/features/providers/admin/providers-page.tsx'), 'AdminProvidersPage');
const AdminHomePage = lazyPage(() => import('@/features/admin/pages/admin-home-page.tsx'), 'AdminHomePage');
const CreditPackagesPage = lazyPage(() => import('@/features/credits/admin/credit-packages-page.tsx'), 'CreditPackagesPage');
const SubscriptionPlansPage = lazyPage(() => import('@/features/payments/admin/subscription-plans-page.tsx'), 'SubscriptionPlansPage');
const ServiceCostsPage = lazyPage(() => import('@/features/credits/admin/service-costs-page.tsx'), 'ServiceCostsPage');
const UsersPage = lazyPage(() => import('@/features/admin/pages/users-page.tsx'), 'UsersPage');
const UserDetailPage = lazyPage(() => import('@/features/admin/pages/user-detail-page.tsx'), 'UserDetailPage');
const AdminJobsPage = lazyPage(() => import('@/features/jobs/admin/admin-jobs-page.tsx'), 'AdminJobsPage');
const AdminJobDetailPage = lazyPage(() => import('@/features/jobs/admin/admin-job-detail-page.tsx'), 'AdminJobDetailPage');
const TryOnCataloguePage = lazyPage(() => import('@/features/jobs/admin/try-on-catalogue-page.tsx'), 'TryOnCataloguePage');
const TryOnStatisticsPage = lazyPage(() => import('@/features/jobs/admin/try-on-statistics-page.tsx'), 'TryOnStatisticsPage');
const IntroductionDialogsPage = lazyPage(() => import('@/features/jobs/admin/introduction-dialogs-page.tsx'), 'IntroductionDialogsPage');
const AdminPaymentsPage = lazyPage(() => import('@/features/payments/admin/admin-payments-page.tsx'), 'AdminPaymentsPage');
const AdminCancellationsPage = lazyPage(() => import('@/features/payments/admin/admin-cancellations-page.tsx'), 'AdminCancellationsPage');
const SupportPage = lazyPage(() => import('@/features/content/pages/support-page.tsx'), 'SupportPage');
const AdminSupportPage = lazyPage(() => import('@/features/content/admin/admin-support-page.tsx'), 'AdminSupportPage');
const NotFoundPage = lazyPage(() => import('./not-found-page.tsx'), 'NotFoundPage');

const productRoutes: RouteObject[] = services.map((service) => ({
  path: service.productPath.slice(1),
  element: <ProductPage service={service.key} />,
}));

const toolRoutes: RouteObject[] = services.map((service) => ({
  path: service.key,
  element: <ToolPage service={service.key satisfies ServiceKey} />,
}));

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          { index: true, element: <HomePage /> },
          { path: 'company/about-us', element: <AboutPage /> },
          { path: 'terms-of-service', element: <TermsPage /> },
          { path: 'privacy-policy', element: <PrivacyPage /> },
          { path: 'resources/videos', element: <VideosPage /> },
          { path: 'contact', element: <ContactPage /> },
          { path: 'company/pricing', element: <PricingPage /> },
          { path: 'resources/open-api', element: <OpenApiPage /> },
          { path: 'prompt-search', element: <PromptSearchPage /> },
          { path: 'resources/community', element: <CommunityResourcesPage /> },
          { path: 'company/blogs', element: <BlogsPage /> },
          { path: 'company/blogs/:slug', element: <BlogPostPage /> },
          { path: 'coming-soon', element: <ComingSoonPage /> },
          { path: 'newsletter/confirm', element: <NewsletterLinkPage action="confirm" /> },
          { path: 'newsletter/unsubscribe', element: <NewsletterLinkPage action="unsubscribe" /> },
          ...productRoutes,
          { path: '*', element: <NotFoundPage /> },
        ],
      },
      { path: 'auth/callback', element: <AuthCallbackPage /> },
      {
        element: <RouteGuard requireAuth />,
        children: [
          {
            element: <DashboardLayout />,
            children: [
              {
                path: 'dashboard',
                children: [
                  { index: true, element: <DashboardHomePage /> },
                  { path: 'community', element: <CommunityPage /> },
                  { path: 'subscription', element: <SubscriptionPage /> },
                  { path: 'result-library', element: <ResultLibraryPage /> },
                  { path: 'coming-soon', element: <DashboardComingSoonPage /> },
                  { path: 'billing', element: <BillingPage /> },
                  { path: 'support', element: <SupportPage /> },
                  {
                    path: 'account',
                    children: [
                      { index: true, element: <Navigate to="/dashboard/account/profile" replace /> },
                      { path: 'billing', element: <BillingPage /> },
                      { path: 'api-management', element: <ApiManagementPage /> },
                      { path: 'profile', element: <ProfilePage /> },
                    ],
                  },
                  {
                    path: 'tools',
                    children: [{ index: true, element: <Navigate to="/dashboard" replace /> }, ...toolRoutes],
                  },
                ],
              },
            ],
          },
        ],
      },
      // An MCP client's sign-in request (/oauth/authorize sends the browser here); a guest signs in and comes back.
      { element: <RouteGuard requireAuth />, children: [{ path: 'oauth/consent', element: <OAuthConsentPage /> }] },
      {
        // A guest opening /pricing sees the public pricing page, not a sign-in modal.
        element: <RouteGuard requireAuth signedOutTo="/company/pricing" />,
        children: [{ element: <DashboardLayout />, children: [{ path: 'pricing', element: <PricingPage embedded /> }] }],
      },
      {
        path: 'admin',
        element: <RouteGuard requireAuth requireAdmin />,
        children: [
          {
            element: <AdminLayout />,
            children: [
              { index: true, element: <AdminHomePage /> },
              { path: 'users', element: <UsersPage /> },
              { path: 'users/:id', element: <UserDetailPage /> },
              { path: 'jobs', element: <AdminJobsPage /> },
              { path: 'jobs/:id', element: <AdminJobDetailPage /> },
              { path: 'blog', element: <AdminBlogPage /> },
              { path: 'blog/new', element: <AdminBlogEditorPage /> },
              { path: 'blog/:slug', element: <AdminBlogEditorPage /> },
              { path: 'newsletter', element: <AdminNewsletterPage /> },
              { path: 'support', element: <AdminSupportPage /> },
              { path: 'analytics', element: <AdminAnalyticsPage /> },
              { path: 'providers', element: <AdminProvidersPage /> },
              { path: 'subscription-plans', element: <SubscriptionPlansPage /> },
              { path: 'credit-packages', element: <CreditPackagesPage /> },
              { path: 'service-costs', element: <ServiceCostsPage /> },
              { path: 'payments', element: <AdminPaymentsPage /> },
              { path: 'cancellations', element: <AdminCancellationsPage /> },
              { path: 'settings', element: <AdminSettingsPage /> },
              { path: 'profile', element: <ProfilePage /> },
              { path: 'virtual-try-on/models', element: <TryOnCataloguePage key="models" kind="models" /> },
              { path: 'virtual-try-on/clothing', element: <TryOnCataloguePage key="garments" kind="garments" /> },
              { path: 'virtual-try-on/statistics', element: <TryOnStatisticsPage /> },
              { path: 'community-moderation', element: <CommunityModerationPage /> },
              { path: 'security', element: <AdminSecurityPage /> },
              { path: 'introduction-dialogs', element: <IntroductionDialogsPage /> },
            ],
          },
        ],
      },
    ],
  },
];

/**
 * The app's routes under a declarative router (BrowserRouter in the browser, StaticRouter on the server): the app uses no
 * loaders or actions, and the data router would add about 15 KB to every page. RootLayout's error boundary catches crashes.
 */
export function AppRoutes() {
  return useRoutes(routes);
}
