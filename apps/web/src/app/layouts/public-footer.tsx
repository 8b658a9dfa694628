import { Link } from 'react-router';
import { pricingStory } from '@lumen/core/credits/pricing-story';
import { NewsletterSignup } from '@/features/content/components/newsletter-signup.tsx';
import { Logo } from './logo.tsx';
import { companyLinks, legalLinks, productLinks, resourceLinks } from './nav-items.ts';
import type { NavItem } from './nav-items.ts';

function FooterColumn({ title, items }: { title: string; items: NavItem[] }) {
  return (
    <div>
      <h2 className="text-sm font-semibold text-white">{title}</h2>
      <ul className="mt-3 space-y-2">
        {items.map((item) => (
          <li key={item.to}>
            <Link to={item.to} className="text-sm text-slate-400 hover:text-white">
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function PublicFooter() {
  return (
    <footer className="bg-ink text-slate-300">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-[1.5fr_repeat(4,1fr)]">
        <div>
          <Logo light />
          <p className="mt-3 max-w-xs text-sm text-slate-400">An AI creative studio: {pricingStory.tagline}.</p>
        </div>
        <FooterColumn title="Products" items={productLinks} />
        <FooterColumn title="Company" items={companyLinks} />
        <FooterColumn title="Resources" items={resourceLinks} />
        <FooterColumn title="Legal" items={legalLinks} />
      </div>
      <div className="mx-auto max-w-7xl px-4 pb-10 sm:px-6">
        <NewsletterSignup dark />
      </div>
      <div className="border-t border-white/10">
        <p className="mx-auto max-w-7xl px-4 py-6 text-xs text-slate-400 sm:px-6">
          © {new Date().getFullYear()} Lumen Studio. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
