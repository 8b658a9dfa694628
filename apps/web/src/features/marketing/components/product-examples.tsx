import type { JSX } from 'react';
import type { ServiceKey } from '@lumen/core/services/catalogue';
import { imageStyleNames } from '@lumen/core/services/image-generator-options';
import {
  aiBackgroundExample,
  exampleEngineLabels,
  imageGeneratorExamples,
  salesPilotExample,
  salesPilotTranscript,
  soundGeneratorExample,
  speedpaintingExample,
  virtualTryOnExample,
} from '@/lib/examples/example-inputs.ts';
import { SpeedpaintingExampleVideo } from '@/components/speedpainting-example-video.tsx';
import { BeforeAfter } from './before-after.tsx';
import { ExampleBadge } from './example-badge.tsx';
import { SalesReportPreview } from './sales-report-preview.tsx';
import { SoundExample } from './sound-example.tsx';
import { StudioBackdrops } from './studio-backdrops.tsx';

function AiBackgroundExamples() {
  return (
    <>
      <div className="grid gap-6 lg:grid-cols-[3fr_2fr]">
        <BeforeAfter
          before={aiBackgroundExample.before}
          after={aiBackgroundExample.after}
          beforeAlt={`Before: ${aiBackgroundExample.description}`}
          afterAlt="After: the same bottle and cup cut out and placed on a studio backdrop"
          width={720}
          height={540}
        />
        <div className="grid grid-cols-2 gap-4 self-start">
          <figure>
            <img
              src={aiBackgroundExample.cutout}
              alt="The transparent cut-out"
              width={720}
              height={540}
              loading="lazy"
              className="rounded-xl border border-slate-200 bg-[repeating-conic-gradient(#e2e8f0_0_25%,#fff_0_50%)] bg-[length:20px_20px]"
            />
            <figcaption className="mt-1 text-xs text-slate-600">Transparent PNG cut-out</figcaption>
          </figure>
          <figure>
            <img
              src={aiBackgroundExample.colorAfter}
              alt={`The cut-out on the colour ${aiBackgroundExample.color}`}
              width={720}
              height={540}
              loading="lazy"
              className="rounded-xl border border-slate-200"
            />
            <figcaption className="mt-1 text-xs text-slate-600">On a colour ({aiBackgroundExample.color})</figcaption>
          </figure>
          <p className="col-span-2 text-sm text-slate-600">Input: {aiBackgroundExample.description}. Drag the slider to compare.</p>
        </div>
      </div>
      <StudioBackdrops />
    </>
  );
}

function ImageGeneratorExamples() {
  return (
    <ul className="grid gap-5 sm:grid-cols-2">
      {imageGeneratorExamples.map((example) => (
        <li key={example.file}>
          <figure>
            <img
              src={example.file}
              alt={`Generated from the prompt: ${example.prompt}`}
              width={640}
              height={480}
              loading="lazy"
              className="w-full rounded-xl border border-slate-200"
            />
            <figcaption className="mt-2 text-sm text-slate-700">
              <q>{example.prompt}</q>
              <span className="ml-2 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-600">
                {imageStyleNames[example.style]} · {example.aspectRatio}
              </span>
            </figcaption>
          </figure>
        </li>
      ))}
    </ul>
  );
}

function VirtualTryOnExamples() {
  return (
    <div className="grid items-start gap-6 md:grid-cols-[2fr_1fr]">
      <div className="mx-auto w-full max-w-sm">
        <BeforeAfter
          before={virtualTryOnExample.person}
          after={virtualTryOnExample.after}
          beforeAlt="Before: a man in a denim jacket, from the try-on catalogue"
          afterAlt="After: the same man wearing the Breton top"
          width={virtualTryOnExample.width}
          height={virtualTryOnExample.height}
        />
      </div>
      <figure>
        <img
          src={virtualTryOnExample.garment}
          alt="The garment: a navy and white Breton long-sleeve top, flat on white"
          width={240}
          height={240}
          loading="lazy"
          className="w-full max-w-48 rounded-xl border border-slate-200"
        />
        <figcaption className="mt-2 text-sm text-slate-600">Garment (category: top). Input: {virtualTryOnExample.description}.</figcaption>
      </figure>
    </div>
  );
}

function SpeedpaintingExamples() {
  return (
    <div className="grid items-start gap-6 md:grid-cols-[2fr_1fr]">
      <SpeedpaintingExampleVideo />
      <figure>
        <img
          src={speedpaintingExample.source}
          alt="The source picture: a landscape with a sun, hills and a red house"
          width={640}
          height={480}
          loading="lazy"
          className="w-full rounded-xl border border-slate-200"
        />
        <figcaption className="mt-2 text-sm text-slate-600">The picture it started from.</figcaption>
      </figure>
    </div>
  );
}

function SalesPilotExamples() {
  return (
    <div className="grid items-start gap-6 lg:grid-cols-[1fr_2fr]">
      <details className="rounded-2xl border border-slate-200 bg-slate-50 p-4 text-sm" open>
        <summary className="cursor-pointer font-semibold text-slate-900">The call notes it read</summary>
        {/* A scroll area a keyboard can reach and scroll (axe: scrollable-region-focusable). */}
        <pre
          tabIndex={0}
          role="region"
          aria-label="The call notes"
          className="mt-3 max-h-96 overflow-auto rounded font-sans whitespace-pre-wrap text-slate-700 focus:ring-2 focus:ring-brand-200 focus:outline-none"
        >
          {salesPilotTranscript}
        </pre>
      </details>
      <div>
        <SalesReportPreview url={salesPilotExample.report} />
        <p className="mt-2 text-sm text-slate-600">
          <a href={salesPilotExample.html} className="font-semibold text-brand-700 hover:underline" target="_blank" rel="noreferrer">
            Open the full HTML report
          </a>{' '}
          ·{' '}
          <a href={salesPilotExample.report} className="font-semibold text-brand-700 hover:underline">
            The report as JSON
          </a>
        </p>
      </div>
    </div>
  );
}

function SoundGeneratorExamples() {
  return (
    <div className="mx-auto max-w-2xl">
      <SoundExample audio={soundGeneratorExample.audio} summaryUrl={soundGeneratorExample.summary} prompt={soundGeneratorExample.prompt} />
      <p className="mt-2 text-sm text-slate-600">
        {soundGeneratorExample.durationSeconds} seconds, the engine’s 192 kbps stereo MP3 (a lossless WAV comes with it).
      </p>
    </div>
  );
}

const sections: Record<ServiceKey, () => JSX.Element> = {
  'ai-background': AiBackgroundExamples,
  'image-generator': ImageGeneratorExamples,
  'virtual-try-on': VirtualTryOnExamples,
  speedpainting: SpeedpaintingExamples,
  'sales-pilot': SalesPilotExamples,
  'sound-generator': SoundGeneratorExamples,
};

/** Real outputs of the service's built-in engine, made by scripts/make-examples.ts. */
export function ProductExamples({ service }: { service: ServiceKey }) {
  const Examples = sections[service];
  return (
    <section aria-labelledby="examples-heading" className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
      <div className="mb-6 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <h2 id="examples-heading" className="text-2xl font-bold text-slate-900">
          See it in action
        </h2>
        <ExampleBadge engine={exampleEngineLabels[service]} />
      </div>
      <Examples />
    </section>
  );
}
