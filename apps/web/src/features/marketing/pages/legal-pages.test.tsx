import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderRoutes } from '@/test/render.tsx';
import { PrivacyPage } from './privacy-page.tsx';
import { TermsPage } from './terms-page.tsx';

describe('legal pages', () => {
  it.each([
    ['Terms of Service', <TermsPage key="terms" />, 'Refunds'],
    ['Privacy Policy', <PrivacyPage key="privacy" />, 'The newsletter'],
  ])('%s lists its sections with working anchors', (title, element, section) => {
    renderRoutes([{ path: '/', element }]);
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    const contents = screen.getByRole('navigation', { name: 'Contents' });
    const link = within(contents).getByRole('link', { name: section });
    const target = document.getElementById(link.getAttribute('href')!.slice(1));
    expect(target).not.toBeNull();
    expect(within(target!).getByRole('heading', { level: 2 })).toHaveTextContent(section);
    expect(screen.getByRole('link', { name: 'contact page' })).toHaveAttribute('href', '/contact');
  });
});
