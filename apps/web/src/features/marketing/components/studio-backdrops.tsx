import { aiBackgroundPresetNames, aiBackgroundPresetUrl } from '@lumen/core/services/ai-background-presets';

/** The AI background's studio backdrops, as the tool offers them: a wall meeting a floor, or a table top. */
export function StudioBackdrops() {
  return (
    <section aria-labelledby="studio-backdrops" className="mt-8">
      <h3 id="studio-backdrops" className="text-base font-semibold text-slate-900">
        Ten studio backdrops
      </h3>
      <p className="mt-1 text-sm text-slate-600">
        Paper sweeps, floors meeting a wall and table tops. The subject is stood on the surface, with a soft shadow where it touches.
      </p>
      <ul className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-5">
        {aiBackgroundPresetNames.map((name, index) => (
          <li key={name}>
            <figure>
              <img
                src={aiBackgroundPresetUrl(index + 1)}
                alt={name}
                width={240}
                height={240}
                loading="lazy"
                className="aspect-square w-full rounded-lg border border-slate-200 object-cover"
              />
              <figcaption className="mt-1 text-xs text-slate-600">{name}</figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </section>
  );
}
