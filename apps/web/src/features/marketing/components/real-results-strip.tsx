import { Link } from 'react-router';
import type { ServiceKey } from '@lumen/core/services/catalogue';
import { productPathOf, serviceNames } from '@lumen/core/services/catalogue';
import { aiBackgroundExample, imageGeneratorExamples, speedpaintingExample, virtualTryOnExample } from '@/lib/examples/example-inputs.ts';

type StripItem = { service: ServiceKey; src: string; alt: string; caption: string; width: number; height: number };

/** Outputs the product's own engines made from the committed inputs (scripts/make-examples.ts), not stock art. */
export const realResults: StripItem[] = [
  {
    service: 'ai-background',
    src: aiBackgroundExample.after,
    alt: 'A bottle and a cup cut out of a grey studio photo and placed on a new backdrop',
    caption: 'New backdrop for a product photo',
    width: 720,
    height: 540,
  },
  ...imageGeneratorExamples.slice(0, 2).map((example) => ({
    service: 'image-generator' as const,
    src: example.file,
    alt: `Generated from the prompt: ${example.prompt}`,
    caption: `“${example.prompt}”`,
    width: 640,
    height: 480,
  })),
  {
    service: 'virtual-try-on',
    src: virtualTryOnExample.after,
    alt: 'A man in a denim jacket wearing the navy and white Breton top from a flat garment picture',
    caption: 'A flat garment picture, worn',
    width: virtualTryOnExample.width,
    height: virtualTryOnExample.height,
  },
  {
    service: 'speedpainting',
    src: speedpaintingExample.poster,
    alt: 'The last frame of a speed-painting video of a landscape with a red house',
    caption: 'Last frame of a speed-painting video',
    width: 640,
    height: 480,
  },
];

/** The home page's strip of real results, each linking to its product page. */
export function RealResultsStrip() {
  return (
    <section aria-labelledby="results-heading" className="mx-auto max-w-6xl px-4 pb-4 sm:px-6">
      <h2 id="results-heading" className="text-2xl font-bold tracking-tight text-slate-900">
        Made by the studio's own engines
      </h2>
      <p className="mt-2 text-sm text-slate-600">
        Unedited results of the built-in engines; each product page shows the inputs beside them.
      </p>
      <ul className="mt-6 grid grid-cols-2 gap-4 md:grid-cols-5">
        {realResults.map((item) => (
          <li key={item.src} className="min-w-0">
            <Link
              to={productPathOf(item.service)}
              className="group block rounded-xl focus-visible:outline-2 focus-visible:outline-brand-500"
            >
              <img
                src={item.src}
                alt={item.alt}
                width={item.width}
                height={item.height}
                loading="lazy"
                decoding="async"
                className="aspect-[4/3] w-full rounded-xl border border-slate-200 bg-slate-100 object-cover object-top transition group-hover:opacity-90"
              />
              <span className="mt-2 block text-xs font-semibold text-brand-700">{serviceNames[item.service]}</span>
              <span className="block truncate text-xs text-slate-600">{item.caption}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
