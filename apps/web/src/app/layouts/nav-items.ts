import {
  BarChart3,
  BookOpen,
  Briefcase,
  Cloud,
  CreditCard,
  FileText,
  Gauge,
  Images,
  KeyRound,
  LifeBuoy,
  LayoutDashboard,
  Mail,
  MessageSquare,
  MessagesSquare,
  Package,
  Receipt,
  RotateCcw,
  Settings,
  Shield,
  Shirt,
  Sparkles,
  Tags,
  User,
  Users,
  Wallet,
} from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { services } from '@/lib/service-details.ts';

export type NavItem = { to: string; label: string; icon?: LucideIcon; end?: boolean };
export type NavGroup = { label: string; items: NavItem[] };

export const productLinks: NavItem[] = services.map((service) => ({ to: service.productPath, label: service.name, icon: service.icon }));

export const resourceLinks: NavItem[] = [
  { to: '/resources/videos', label: 'Video tutorials' },
  { to: '/resources/open-api', label: 'Open API' },
  { to: '/resources/community', label: 'Community' },
  { to: '/prompt-search', label: 'Prompt search' },
];

export const companyLinks: NavItem[] = [
  { to: '/company/about-us', label: 'About us' },
  { to: '/company/pricing', label: 'Pricing' },
  { to: '/company/blogs', label: 'Blog' },
  { to: '/contact', label: 'Contact' },
  { to: '/coming-soon', label: "What's coming" },
];

export const legalLinks: NavItem[] = [
  { to: '/terms-of-service', label: 'Terms of service' },
  { to: '/privacy-policy', label: 'Privacy policy' },
];

export const dashboardNav: NavGroup[] = [
  {
    label: 'Workspace',
    items: [
      { to: '/dashboard', label: 'Dashboard', icon: LayoutDashboard, end: true },
      { to: '/dashboard/result-library', label: 'Result library', icon: Images },
      { to: '/dashboard/community', label: 'Community', icon: MessagesSquare },
      { to: '/dashboard/subscription', label: 'Subscription', icon: Wallet },
      { to: '/dashboard/coming-soon', label: "What's next", icon: Sparkles },
    ],
  },
  {
    label: 'Tools',
    items: services.map((service) => ({ to: service.toolPath, label: service.name, icon: service.icon })),
  },
  {
    label: 'Account',
    items: [
      { to: '/dashboard/account/profile', label: 'Profile', icon: User },
      { to: '/dashboard/account/billing', label: 'Billing', icon: CreditCard },
      { to: '/dashboard/account/api-management', label: 'API keys', icon: KeyRound },
      { to: '/dashboard/support', label: 'Support', icon: LifeBuoy },
    ],
  },
];

export const adminNav: NavGroup[] = [
  {
    label: 'Overview',
    items: [
      { to: '/admin', label: 'Admin home', icon: Gauge, end: true },
      { to: '/admin/analytics', label: 'Analytics', icon: BarChart3 },
      { to: '/admin/providers', label: 'Providers', icon: Cloud },
    ],
  },
  {
    label: 'People and work',
    items: [
      { to: '/admin/users', label: 'Users', icon: Users },
      { to: '/admin/jobs', label: 'Jobs', icon: Briefcase },
      { to: '/admin/community-moderation', label: 'Community moderation', icon: MessageSquare },
      { to: '/admin/support', label: 'Support', icon: LifeBuoy },
    ],
  },
  {
    label: 'Content',
    items: [
      { to: '/admin/blog', label: 'Blog', icon: BookOpen },
      { to: '/admin/newsletter', label: 'Newsletter', icon: Mail },
      { to: '/admin/introduction-dialogs', label: 'Introduction dialogs', icon: FileText },
    ],
  },
  {
    label: 'Money',
    items: [
      { to: '/admin/subscription-plans', label: 'Subscription plans', icon: Tags },
      { to: '/admin/credit-packages', label: 'Credit packages', icon: Package },
      { to: '/admin/service-costs', label: 'Service costs', icon: Receipt },
      { to: '/admin/payments', label: 'Payments', icon: CreditCard },
      { to: '/admin/cancellations', label: 'Refunds', icon: RotateCcw },
    ],
  },
  {
    label: 'Virtual try-on',
    items: [
      { to: '/admin/virtual-try-on/models', label: 'Models', icon: Shirt },
      { to: '/admin/virtual-try-on/clothing', label: 'Clothing', icon: Shirt },
      { to: '/admin/virtual-try-on/statistics', label: 'Statistics', icon: BarChart3 },
    ],
  },
  {
    label: 'Platform',
    items: [
      { to: '/admin/settings', label: 'Settings', icon: Settings },
      { to: '/admin/security', label: 'Security', icon: Shield },
      { to: '/admin/profile', label: 'My profile', icon: User },
    ],
  },
];
