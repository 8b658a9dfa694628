const steps = Array.from({ length: 10 }, (_, index) => index + 1);

/** The ten virtual try-on photo guidelines (/dash/vto/instructions_1..10.jpg) as a horizontal strip. */
export function TryOnPhotoGuide() {
  return (
    <section aria-labelledby="photo-guide-heading" className="rounded-xl border border-slate-200 bg-slate-50 p-3">
      <h3 id="photo-guide-heading" className="text-sm font-semibold text-slate-900">
        Photo guidelines
      </h3>
      <p className="mt-0.5 text-xs text-slate-600">
        Follow these ten steps for the most accurate try-on results. Scroll sideways for all of them.
      </p>
      <ol className="mt-2 flex snap-x gap-2 overflow-x-auto pb-2" tabIndex={0} aria-label="Photo guidelines, ten steps">
        {steps.map((step) => (
          <li key={step} className="w-28 shrink-0 snap-start">
            <img
              src={`/dash/vto/instructions_${step}.jpg`}
              alt={`Photo guide step ${step}`}
              loading="lazy"
              width={800}
              height={1000}
              className="h-auto w-full rounded-lg border border-slate-200"
            />
          </li>
        ))}
      </ol>
    </section>
  );
}
