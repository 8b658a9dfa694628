/** The admin pages: title and purpose, shown on the admin index and in the navigation. */
export type AdminSection = { title: string; description: string };

export const adminSections = {
  users: { title: 'Users', description: 'Search accounts, see their credits and adjust balances.' },
  jobs: { title: 'Jobs', description: 'Every AI job across the platform, with its status and cost.' },
  'job-detail': { title: 'Job details', description: 'One job: input, output, timings and refunds.' },
  blog: { title: 'Blog', description: 'Write, edit and publish articles, and the tutorial videos.' },
  'blog-edit': { title: 'Edit article', description: 'Edit an article and its publication status.' },
  'blog-new': { title: 'New article', description: 'Write a new article for the blog.' },
  newsletter: { title: 'Newsletter', description: 'Subscribers, newsletter campaigns and contact messages.' },
  providers: {
    title: 'Hosted AI providers',
    description: 'Calls, success rate and latency of the hosted AI providers, and today’s spend against the daily budget.',
  },
  analytics: { title: 'Analytics', description: 'Sign-ups, revenue, credits spent, service usage, provider cost and margin over time.' },
  'credit-packages': { title: 'Credit packages', description: 'Prices, credit amounts and which packages are active.' },
  'service-costs': { title: 'Service costs', description: 'The credit cost of each AI service.' },
  payments: { title: 'Payments', description: 'Card and cryptocurrency orders: status, totals, provider events and refunds.' },
  cancellations: { title: 'Refunds', description: 'Refund requests to approve or reject, and every refund made.' },
  settings: {
    title: 'Settings',
    description:
      'Sign-ups, the maintenance banner, free credits, the crypto threshold, API key defaults, the daily hosted AI budget, support links and receipt details.',
  },
  'vto-models': { title: 'Virtual try-on models', description: 'The model photos offered in the virtual try-on tool.' },
  'vto-clothing': { title: 'Virtual try-on clothing', description: 'The garment catalogue of the virtual try-on tool.' },
  'vto-statistics': { title: 'Virtual try-on statistics', description: 'How often try-on is used and how it performs.' },
  'community-moderation': {
    title: 'Community moderation',
    description: 'Review new and reported community posts: approve, hide or delete them.',
  },
  security: { title: 'Security', description: 'Security events, failed sign-ins, active sessions, blocked IP ranges and the audit log.' },
  'introduction-dialogs': { title: 'Introduction dialogs', description: 'The welcome dialogs shown to new users of each tool.' },
} satisfies Record<string, AdminSection>;

export type AdminSectionKey = keyof typeof adminSections;
