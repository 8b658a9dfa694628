import { useLocation } from 'react-router';
import { useSite } from '@/lib/site-context.ts';

export const SITE_NAME = 'Lumen Studio';
export const DEFAULT_DESCRIPTION =
  'Lumen Studio is an AI creative studio: generate backgrounds and images, try on clothes virtually, render speed painting videos, analyse sales calls and create sound — all paid from one credit balance.';

type PageMetaProps = {
  title: string;
  description?: string;
  /** Pages crawlers should not list (not found, e-mail links). */
  noIndex?: boolean;
  /** An absolute path or URL of the image shown when the page is shared. */
  image?: string;
  type?: 'website' | 'article';
};

/**
 * The page's title, description, canonical link and sharing tags. React hoists them into <head>,
 * so the server-rendered HTML carries them and client navigation updates them.
 */
export function PageMeta({ title, description, noIndex = false, image, type = 'website' }: PageMetaProps) {
  const { origin } = useSite();
  const { pathname } = useLocation();
  const fullTitle = `${title} · ${SITE_NAME}`;
  const text = description ?? DEFAULT_DESCRIPTION;
  const url = `${origin}${pathname}`;
  const imageUrl = image ? (image.startsWith('http') ? image : `${origin}${image}`) : undefined;
  return (
    <>
      <title>{fullTitle}</title>
      <meta name="description" content={text} />
      {noIndex ? <meta name="robots" content="noindex" /> : <link rel="canonical" href={url} />}
      <meta property="og:site_name" content={SITE_NAME} />
      <meta property="og:type" content={type} />
      <meta property="og:title" content={fullTitle} />
      <meta property="og:description" content={text} />
      <meta property="og:url" content={url} />
      {imageUrl && <meta property="og:image" content={imageUrl} />}
      <meta name="twitter:card" content={imageUrl ? 'summary_large_image' : 'summary'} />
      <meta name="twitter:title" content={fullTitle} />
      <meta name="twitter:description" content={text} />
      {imageUrl && <meta name="twitter:image" content={imageUrl} />}
    </>
  );
}

/** Asks the server to answer with this status (e.g. 404 for a page that does not exist); renders nothing. */
export function ResponseStatus({ status }: { status: number }) {
  const { response } = useSite();
  if (response) response.status = status;
  return null;
}
