import { useEffect } from 'react';
import { usePublicConfig } from '@/features/settings/api/public-config.ts';

const SCRIPT_ID = 'lumen-web-analytics';

/** Injects the configured web analytics script (defer, data-domain); without configuration it does nothing. */
export function AnalyticsLoader() {
  const { data } = usePublicConfig();
  const analytics = data?.analytics ?? null;

  useEffect(() => {
    if (!analytics?.scriptUrl || document.getElementById(SCRIPT_ID)) return;
    const script = document.createElement('script');
    script.id = SCRIPT_ID;
    script.defer = true;
    script.src = analytics.scriptUrl;
    script.setAttribute('data-domain', analytics.domain);
    document.head.appendChild(script);
  }, [analytics]);

  return null;
}
