import { LegalPage } from '../components/legal-page.tsx';
import type { LegalSection } from '../components/legal-page.tsx';

const sections: LegalSection[] = [
  {
    title: 'What we collect',
    body: [
      'Account details: your name, e-mail address, password (stored only as a one-way hash), profile picture and, if you sign in with Google, your Google account id.',
      'What you create: the files you upload, your prompts, the results of your jobs, and the posts you publish to the community gallery.',
      'Billing: your credit balance and history, orders and invoices. Card details go straight to our card processor (Stripe) and cryptocurrency payments to our crypto processor; we never see or store your card number.',
      'Security and usage: sign-in times, the IP address and device of each session, API key usage, and security events such as failed sign-ins.',
    ],
  },
  {
    title: 'Why we use it',
    body: [
      'To run your account and the tools you ask for, to take payments and issue receipts, to keep the platform and your account secure, to answer your messages, and — only if you subscribe — to send the newsletter.',
      'We do not sell your data, and we do not use your uploads or results to train AI models.',
    ],
  },
  {
    title: 'Who else processes it',
    body: [
      'Our hosting provider stores the database and files. Payment processors handle payments. When a tool is configured to use a hosted AI model, the input of that job is sent to that model provider only to produce your result. Our e-mail provider delivers account and newsletter e-mails.',
    ],
  },
  {
    title: 'How long we keep it',
    body: [
      'Account data and results are kept while your account is open. Invoices are kept as long as tax law requires. Security logs are kept for up to 12 months. When you close your account we delete your uploads and results within 30 days.',
    ],
  },
  {
    title: 'Cookies and local storage',
    body: [
      'We use one secure, HTTP-only cookie to keep you signed in and store your sign-in token in your browser. If web analytics are enabled they are privacy-friendly and set no tracking cookies. Embedded tutorial videos use the privacy-enhanced YouTube and Vimeo players.',
    ],
  },
  {
    title: 'The newsletter',
    body: [
      'We send the newsletter only after you confirm your subscription from the e-mail we send you. Every newsletter contains a link to unsubscribe with one click.',
    ],
  },
  {
    title: 'Your rights',
    body: [
      'You can see and correct your profile in the dashboard, download your results, and ask us for a copy of your data, for corrections, or for deletion through the contact page. You can also object to processing or complain to your data protection authority.',
    ],
  },
];

export function PrivacyPage() {
  return (
    <LegalPage
      title="Privacy Policy"
      description="What we store about you, why, and what you can do about it."
      updated="21 November 2026"
      sections={sections}
    />
  );
}
