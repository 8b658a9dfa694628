import type { CardDetails } from './card-provider.ts';

/** 'Visa •••• 4242', shown on invoices. */
export const cardLabel = (card: CardDetails) => `${card.brand.charAt(0).toUpperCase()}${card.brand.slice(1)} •••• ${card.last4}`;
