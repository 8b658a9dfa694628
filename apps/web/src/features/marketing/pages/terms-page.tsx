import { Link } from 'react-router';
import { FREE_PLAN } from '@lumen/core/credits/rules';
import { LegalPage } from '../components/legal-page.tsx';
import type { LegalSection } from '../components/legal-page.tsx';

const sections: LegalSection[] = [
  {
    title: 'Who we are and what these terms cover',
    body: [
      'Lumen Studio is an online studio of AI creative tools: AI Background, Image Generator, Virtual Try-On, Speed Painting, Sales Pilot and Sound Generator. These terms apply to the website, the dashboard, the API and every result you create with them.',
      'By creating an account or using the API you accept these terms. If you use Lumen Studio for a company, you accept them on its behalf.',
    ],
  },
  {
    title: 'Your account',
    body: [
      'You need an account to use the tools. Give us a real e-mail address, keep your password and API keys secret, and tell us at once if you think someone else is using them. You are responsible for what happens under your account and your keys.',
      'You must be at least 16 years old. One person may hold one free account; creating accounts to collect free credits again is not allowed.',
    ],
  },
  {
    title: 'Credits and payments',
    body: [
      `Every new account starts on the free Starter plan with ${FREE_PLAN.credits} credits. More credits are sold as one-time packages, paid by card or, for larger packages, by cryptocurrency. Prices are shown in US dollars on the pricing page before you pay.`,
      'Each tool shows its credit cost before you run it; the credits are taken when the job starts. If a job fails on our side, its credits are returned automatically. Credits have no cash value, cannot be transferred between accounts and do not expire while your account is open.',
      'Downloads of full results are included once you have bought credits; on the free plan you can preview results.',
    ],
  },
  {
    title: 'Refunds',
    body: [
      'Every purchase comes with a 30-day money-back guarantee: ask for a refund from your billing page or through the contact page within 30 days. We refund the payment and remove the credits of that purchase that you have not spent.',
    ],
  },
  {
    title: 'Your content and results',
    body: [
      'You keep every right you have in what you upload (photos, prompts, transcripts) and in the results you create. You give us only the permission we need to store, process and show them to you, and — if you choose to publish a result to the community gallery — to show it to other people until you remove it.',
      'You must have the right to use everything you upload. Only upload photos of people who agreed to it, and do not upload other people’s private conversations without their consent.',
    ],
  },
  {
    title: 'Acceptable use',
    body: [
      'Do not use Lumen Studio to create content that is illegal, sexual content involving minors, harassment, deceptive impersonation of real people, or material that infringes someone else’s rights. Do not try to break, overload or get around the limits of the platform or the API.',
      'We may remove content and suspend accounts that break these rules. Where we can, we will tell you why.',
    ],
  },
  {
    title: 'The API',
    body: [
      <>
        API keys give programmatic access to the same tools and the same credit balance. Rate limits and the documentation are on the{' '}
        <Link to="/resources/open-api" className="text-brand-700 underline">
          API reference
        </Link>
        . A revoked key stops working at once.
      </>,
    ],
  },
  {
    title: 'Availability and liability',
    body: [
      'We work to keep Lumen Studio available and your results safe, but we cannot promise that the service will never be interrupted or that an AI result will be exactly what you expected. Check results before you rely on them, especially Sales Pilot reports.',
      'As far as the law allows, our liability for any claim is limited to the amount you paid us in the twelve months before it. Nothing in these terms limits rights you have as a consumer that cannot be limited by contract.',
    ],
  },
  {
    title: 'Closing your account and changes to these terms',
    body: [
      'You can stop using Lumen Studio at any time and ask us to close your account. We may change these terms; for important changes we will tell you by e-mail or in the dashboard at least 14 days before they apply.',
    ],
  },
];

export function TermsPage() {
  return (
    <LegalPage
      title="Terms of Service"
      description="The rules for using Lumen Studio, in plain language."
      updated="21 November 2026"
      sections={sections}
    />
  );
}
