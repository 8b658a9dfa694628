/** The admin pages of SPEC.md §2 whose features arrive in later issues: title, purpose, and what is coming. */
export type AdminSection = { title: string; description: string; coming: string };

export const adminSections = {
  users: { title: 'Users', description: 'Search accounts, see their credits and adjust balances.', coming: '' },
  jobs: { title: 'Jobs', description: 'Every AI job across the platform, with its status and cost.', coming: 'The job monitor arrives with the AI tools in a later release.' },
  'job-detail': { title: 'Job details', description: 'One job: input, output, timings and refunds.', coming: 'Job details arrive with the AI tools in a later release.' },
  blog: { title: 'Blog', description: 'Write, edit and publish articles.', coming: 'The blog editor arrives in a later release.' },
  'blog-edit': { title: 'Edit article', description: 'Edit an article and its publication status.', coming: 'The blog editor arrives in a later release.' },
  'blog-new': { title: 'New article', description: 'Write a new article for the blog.', coming: 'The blog editor arrives in a later release.' },
  newsletter: { title: 'Newsletter', description: 'Subscribers and newsletter campaigns.', coming: 'Newsletter management arrives in a later release.' },
  analytics: { title: 'Analytics', description: 'Sign-ups, revenue, credits spent and service usage over time.', coming: 'Analytics charts arrive in a later release.' },
  'credit-packages': { title: 'Credit packages', description: 'Prices, credit amounts and which packages are active.', coming: '' },
  'service-costs': { title: 'Service costs', description: 'The credit cost of each AI service.', coming: '' },
  payments: { title: 'Payments', description: 'Card and cryptocurrency payments and their status.', coming: 'The payments list arrives with checkout in the next release.' },
  cancellations: { title: 'Refunds', description: 'Refund and cancellation requests, and their outcome.', coming: 'Refund handling arrives with checkout in the next release.' },
  settings: { title: 'Settings', description: 'Platform settings such as web analytics and e-mail.', coming: 'Platform settings arrive in a later release.' },
  'vto-models': { title: 'Virtual try-on models', description: 'The model photos offered in the virtual try-on tool.', coming: 'Model management arrives with the virtual try-on tool in a later release.' },
  'vto-clothing': { title: 'Virtual try-on clothing', description: 'The garment catalogue of the virtual try-on tool.', coming: 'Clothing management arrives with the virtual try-on tool in a later release.' },
  'vto-statistics': { title: 'Virtual try-on statistics', description: 'How often try-on is used and how it performs.', coming: 'Try-on statistics arrive with the virtual try-on tool in a later release.' },
  'community-moderation': { title: 'Community moderation', description: 'Review and hide shared community posts.', coming: 'Moderation arrives with the community gallery in a later release.' },
  security: { title: 'Security', description: 'Sign-in activity, throttled requests and API key abuse.', coming: 'The security overview arrives in a later release.' },
  'introduction-dialogs': { title: 'Introduction dialogs', description: 'The welcome dialogs shown to new users of each tool.', coming: 'Introduction dialog editing arrives in a later release.' },
} satisfies Record<string, AdminSection>;

export type AdminSectionKey = keyof typeof adminSections;
