import type { ServiceKey } from '@lumen/core/services/catalogue';

/** What each built-in engine is called in the UI and in job results; here so that naming one loads nothing. */
export const builtinLabels: Record<ServiceKey, string> = {
  'ai-background': 'Built-in background removal (U²-Netp model, runs offline)',
  'image-generator': 'Built-in procedural generator (offline)',
  'virtual-try-on': 'Built-in try-on (cut-out garment warped to the body, runs offline)',
  speedpainting: 'Built-in stroke renderer (offline)',
  'sales-pilot': 'Built-in transcript analyser (rules, offline)',
  'sound-generator': 'Built-in synthesiser (offline)',
};
