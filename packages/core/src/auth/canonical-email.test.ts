import { describe, expect, it } from 'vitest';
import { canonicalEmail } from './canonical-email.ts';

describe('canonicalEmail', () => {
  it('folds Gmail dots, +tags and googlemail.com', () => {
    expect(canonicalEmail('Ada.Lovelace+promo@GoogleMail.com')).toBe('adalovelace@gmail.com');
    expect(canonicalEmail('a.d.a@gmail.com')).toBe('ada@gmail.com');
  });

  it('removes +tags on every domain but keeps dots elsewhere', () => {
    expect(canonicalEmail('ada.l+x@example.com')).toBe('ada.l@example.com');
    expect(canonicalEmail(' ADA@Example.COM ')).toBe('ada@example.com');
  });

  it('keeps a leading + (no local part left otherwise)', () => {
    expect(canonicalEmail('+tag@example.com')).toBe('+tag@example.com');
  });
});
