import { useEffect, useRef, useState } from 'react';
import { useRouteError } from 'react-router';
import { CrashScreen, handleCrash } from './error-boundary.tsx';

/** The router's error element: the same reload-once rule as AppErrorBoundary. */
export function RouteError() {
  const error = useRouteError();
  const [status, setStatus] = useState<'caught' | 'reloading' | 'failed'>('caught');
  const handled = useRef(false);
  useEffect(() => {
    if (handled.current) return;
    handled.current = true;
    console.error('Route crash', error);
    setStatus(handleCrash());
  }, [error]);
  return <CrashScreen reloading={status !== 'failed'} />;
}
