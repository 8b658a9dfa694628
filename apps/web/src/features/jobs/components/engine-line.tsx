import type { ServiceKey } from '@lumen/core/services/catalogue';
import { offlineEngineDescriptions } from '@lumen/core/services/offline-engines';
import { hostedModelText } from '../api/engine-text.ts';
import type { ServiceEngine } from '../api/job-types.ts';

/** The tool page's line on what runs the service: the hosted model and provider, or what the offline engine does. */
export function EngineLine({ service, engine }: { service: ServiceKey; engine: ServiceEngine | undefined }) {
  if (!engine) {
    return <p className="mb-4 text-sm text-slate-600">Engine: Loading…</p>;
  }
  return (
    <div className="mb-4 space-y-1 text-sm text-slate-600" data-testid="engine-line">
      <p>
        Engine: <span className="font-medium text-slate-800">{engine.label}</span>
      </p>
      <p>{engine.kind === 'remote' ? `Hosted model: ${hostedModelText(engine)}.` : offlineEngineDescriptions[service]}</p>
    </div>
  );
}
