const steps = Array.from({ length: 10 }, (_, index) => index + 1);

/** The ten virtual try-on photo guidelines (/dash/vto/instructions_1..10.jpg). */
export function TryOnPhotoGuide() {
  return (
    <section aria-labelledby="photo-guide-heading" className="mt-8">
      <h2 id="photo-guide-heading" className="text-lg font-semibold text-slate-900">Photo guide</h2>
      <p className="mt-1 text-sm text-slate-600">Follow these ten steps for the most accurate try-on results.</p>
      <ol className="mt-4 grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-5">
        {steps.map((step) => (
          <li key={step}>
            <img
              src={`/dash/vto/instructions_${step}.jpg`}
              alt={`Photo guide step ${step}`}
              loading="lazy"
              width={800}
              height={1000}
              className="h-auto w-full rounded-xl border border-slate-200"
            />
          </li>
        ))}
      </ol>
    </section>
  );
}
