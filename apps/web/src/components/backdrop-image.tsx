import { preload } from 'react-dom';
import { cn } from '@/lib/cn.ts';

/** The widths scripts/make-images.mjs writes for each background (AVIF and WebP), beside the 1600 px JPEG. */
const WIDTHS = [640, 1024, 1600];
const srcSet = (index: number, format: 'avif' | 'webp') =>
  WIDTHS.map((width) => `/main/bg/${index}-${width}.${format} ${width}w`).join(', ');

/**
 * One of the decorative backgrounds (public/main/bg), covering its positioned parent. A phone gets a 640 px AVIF or WebP
 * instead of the 1600 px JPEG. `priority` is for the first screen: preloaded and fetched first; others load when near.
 */
export function BackdropImage({
  index,
  className,
  priority = false,
  sizes = '100vw',
}: {
  index: number;
  className?: string;
  priority?: boolean;
  /** How wide the image is shown, for the browser to pick a width (the sizes attribute). */
  sizes?: string;
}) {
  if (priority)
    preload(`/main/bg/${index}-1600.avif`, {
      as: 'image',
      imageSrcSet: srcSet(index, 'avif'),
      imageSizes: sizes,
      type: 'image/avif',
      fetchPriority: 'high',
    });
  return (
    <picture>
      <source type="image/avif" srcSet={srcSet(index, 'avif')} sizes={sizes} />
      <source type="image/webp" srcSet={srcSet(index, 'webp')} sizes={sizes} />
      <img
        src={`/main/bg/${index}.jpg`}
        alt=""
        width={1600}
        height={900}
        decoding="async"
        loading={priority ? 'eager' : 'lazy'}
        fetchPriority={priority ? 'high' : 'auto'}
        className={cn('object-cover', className)}
      />
    </picture>
  );
}
