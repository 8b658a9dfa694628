import { Suspense } from 'react';
import type { ReactNode } from 'react';

/**
 * A Suspense boundary that never shows a fallback of its own: on a server-rendered page React hydrates each boundary in
 * a task of its own, so a long page becomes several short tasks and stays responsive on a slow phone.
 */
export function HydrateApart({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
}
