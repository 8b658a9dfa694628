import type { ServiceKey } from './catalogue.ts';

/** What each service's built-in (offline) engine does, and what it does not, in one line shown on its tool page. */
export const offlineEngineDescriptions: Record<ServiceKey, string> = {
  'ai-background':
    'Offline engine: finds the main subject with a small segmentation model (U²-Netp) and cuts it out; it does not repaint or relight the subject.',
  'image-generator':
    'Offline engine: composes the subjects it recognises in your prompt from a vector illustration set; it does not paint photographs.',
  'virtual-try-on':
    'Offline engine: cuts the garment out of its photo and warps it onto the body it finds in your photo; it does not redraw folds, sleeves or hidden parts.',
  speedpainting:
    'Offline engine: repaints your picture stroke by stroke, coarse to fine, and records it as a video; it adds nothing that is not in your picture.',
  'sales-pilot':
    'Offline engine: analyses the transcript with fixed rules (talk ratio, questions, objections, next steps, sentiment); no large language model reads your call.',
  'sound-generator':
    'Offline engine: synthesises the sound from the instruments and textures your prompt’s words match; it does not produce recorded or realistic sound.',
};
