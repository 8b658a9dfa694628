import { useEffect, useState } from 'react';

type LogoLookup = (ticker: string) => string | null;

/** coinLogoUrl once its module (the URL of every logo) has loaded; null until then, and if it cannot load. */
export function useCoinLogos(): LogoLookup | null {
  const [lookup, setLookup] = useState<LogoLookup | null>(null);
  useEffect(() => {
    let mounted = true;
    import('./crypto-coin-logos.ts')
      .then(({ coinLogoUrl }) => {
        if (mounted) setLookup(() => coinLogoUrl);
      })
      .catch(() => undefined);
    return () => {
      mounted = false;
    };
  }, []);
  return lookup;
}

/**
 * The coin's logo, decorative since the ticker is written beside it; a neutral letter badge for a coin without one.
 * `url` undefined: the logos are still loading.
 */
export function CryptoCoinLogo({ ticker, url }: { ticker: string; url: string | null | undefined }) {
  const [broken, setBroken] = useState(false);
  if (url && !broken) {
    return (
      <img
        src={url}
        alt=""
        aria-hidden="true"
        width={20}
        height={20}
        loading="lazy"
        decoding="async"
        className="h-5 w-5 shrink-0"
        onError={() => setBroken(true)}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className="flex h-5 w-5 shrink-0 items-center justify-center rounded-full bg-slate-200 text-[11px] font-bold text-slate-600"
    >
      {url === undefined ? '' : ticker.charAt(0)}
    </span>
  );
}
