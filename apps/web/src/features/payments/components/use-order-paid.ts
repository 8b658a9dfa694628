import { useEffect, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { OrderDto } from '@lumen/core/payments/orders';
import { getOrder } from '../api/card-payment.ts';
import { paymentKeys } from '@/query-keys/payment-keys.ts';

export const ORDER_POLL_MS = 1000;
export const ORDER_POLL_LIMIT_MS = 60_000;

const FINAL_UNPAID = ['failed', 'expired'];

/**
 * Credits are granted only from the provider's verified event, so after the card succeeds the order is
 * read until it is paid (or failed, or the wait is over).
 */
export function useOrderPaid(
  orderId: string | null,
  handlers: { onPaid: (order: OrderDto) => void; onFailed: (order: OrderDto) => void; onSlow: () => void },
) {
  const startedAt = useRef<number | null>(null);
  const settled = useRef(false);
  const query = useQuery({
    queryKey: paymentKeys.order(orderId ?? ''),
    queryFn: ({ signal }) => getOrder(orderId!, signal),
    enabled: orderId !== null,
    staleTime: 0,
    gcTime: 0,
    retry: 2,
    refetchInterval: (q) => {
      const status = q.state.data?.status;
      if (status === 'paid' || (status && FINAL_UNPAID.includes(status))) return false;
      if (startedAt.current !== null && Date.now() - startedAt.current > ORDER_POLL_LIMIT_MS) return false;
      return ORDER_POLL_MS;
    },
  });

  useEffect(() => {
    if (orderId !== null && startedAt.current === null) startedAt.current = Date.now();
  }, [orderId]);

  const { onPaid, onFailed, onSlow } = handlers;
  const order = query.data;
  useEffect(() => {
    if (!order || settled.current) return;
    if (order.status === 'paid') {
      settled.current = true;
      onPaid(order);
    } else if (FINAL_UNPAID.includes(order.status)) {
      settled.current = true;
      onFailed(order);
    }
  }, [order, onPaid, onFailed]);

  useEffect(() => {
    if (orderId === null) return;
    const timer = setTimeout(() => {
      if (!settled.current) onSlow();
    }, ORDER_POLL_LIMIT_MS);
    return () => clearTimeout(timer);
  }, [orderId, onSlow]);
}
