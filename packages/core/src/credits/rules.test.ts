import { describe, expect, it } from 'vitest';
import {
  FREE_PLAN,
  balanceStanding,
  displayedCredit,
  hasEnoughCredits,
  isLowBalance,
  packageCardLabel,
  packageCardName,
  pricePerCredit,
  usesFor,
  visiblePackages,
} from './rules.ts';
import { defaultServiceCosts } from '../services/catalogue.ts';

const pkg = (price: number, creditsAmount: number, isActive = true) => ({ id: `p${price}`, price, creditsAmount, isActive });

describe('credit rules', () => {
  it('has the free Starter plan with 5 credits', () => {
    expect(FREE_PLAN).toEqual({ id: 'free', name: 'Starter', price: 0, credits: 5 });
  });

  it('uses the default service costs', () => {
    expect(defaultServiceCosts).toEqual({
      'ai-background': 0,
      'image-generator': 1,
      'virtual-try-on': 2,
      speedpainting: 5,
      'sales-pilot': 1,
      'sound-generator': 2,
    });
  });

  it('computes uses as floor(credits / cost), unlimited for a zero cost', () => {
    expect(usesFor(5, 2)).toBe(2);
    expect(usesFor(5, 5)).toBe(1);
    expect(usesFor(4, 5)).toBe(0);
    expect(usesFor(120, 1)).toBe(120);
    expect(usesFor(5, 0)).toBe('unlimited');
    expect(usesFor(-3, 1)).toBe(0);
  });

  it('requires the balance to be at least the cost', () => {
    expect(hasEnoughCredits(2, 2)).toBe(true);
    expect(hasEnoughCredits(1, 2)).toBe(false);
    expect(hasEnoughCredits(0, 0)).toBe(true);
  });

  it('shows low balance at 2 or less and good standing above', () => {
    expect(isLowBalance(2)).toBe(true);
    expect(isLowBalance(0)).toBe(true);
    expect(isLowBalance(3)).toBe(false);
    expect(balanceStanding(3)).toBe('Good standing');
    expect(balanceStanding(2)).toBe('Low balance');
  });

  it('names cards Pro for price 9, Plus when third, else by credits', () => {
    const list = [pkg(5, 20), pkg(9, 50), pkg(19, 120), pkg(49, 350)];
    expect(list.map((p, i) => packageCardName(p, i))).toEqual(['20 Credits', 'Pro', 'Plus', '350 Credits']);
    expect(list.map((p, i) => packageCardLabel(p, i))).toEqual([null, 'Best value', 'Most Popular', null]);
  });

  it('prefers Pro over Plus when the third package is priced 9', () => {
    expect(packageCardName(pkg(9, 40), 2)).toBe('Pro');
    expect(packageCardLabel(pkg(9, 40), 2)).toBe('Best value');
  });

  it('shows the price per credit to 3 decimals', () => {
    expect(pricePerCredit(9, 50)).toBe('0.180');
    expect(pricePerCredit(19, 120)).toBe('0.158');
    expect(pricePerCredit(10, 3)).toBe('3.333');
  });

  it('keeps only active packages, in order', () => {
    const list = [pkg(5, 20, false), pkg(9, 50), pkg(19, 120)];
    expect(visiblePackages(list).map((p) => p.price)).toEqual([9, 19]);
  });

  it('defaults the displayed balance to 10 and spent to 0 only when absent', () => {
    expect(displayedCredit(undefined)).toEqual({ balance: 10, spent: 0 });
    expect(displayedCredit({})).toEqual({ balance: 10, spent: 0 });
    expect(displayedCredit({ balance: 0, spent: 7 })).toEqual({ balance: 0, spent: 7 });
  });
});
