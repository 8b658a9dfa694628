/**
 * The inputs of the example outputs shown on the /products/* pages. scripts/make-examples.ts feeds
 * them to the server's built-in engines and writes the results under public/examples/<service>/;
 * the pages show the same captions, so what a visitor reads is what the engine was given.
 */
export const EXAMPLES_BASE = '/examples';

/** The built-in engines' own labels (the script checks them against the engines it runs). */
export const exampleEngineLabels = {
  'ai-background': 'Built-in background removal (U²-Netp model, runs offline)',
  'image-generator': 'Built-in procedural generator (offline)',
  'virtual-try-on': 'Built-in try-on (cut-out garment warped to the body, runs offline)',
  speedpainting: 'Built-in stroke renderer (offline)',
  'sales-pilot': 'Built-in transcript analyser (rules, offline)',
  'sound-generator': 'Built-in synthesiser (offline)',
} as const;

export const aiBackgroundExample = {
  description: 'A studio photo of a bottle and a cup on a plain grey backdrop',
  /** one of the studio backdrops, /main/studio/1..10.jpg (4: the sage green paper sweep) */
  preset: 4,
  before: `${EXAMPLES_BASE}/ai-background/before.webp`,
  after: `${EXAMPLES_BASE}/ai-background/after.webp`,
  cutout: `${EXAMPLES_BASE}/ai-background/cutout.webp`,
  colorAfter: `${EXAMPLES_BASE}/ai-background/after-color.webp`,
  color: '#1f6f8b',
};

export const imageGeneratorExamples = [
  {
    prompt: 'a calm sunset over the sea with mountains, warm orange and purple',
    style: 'landscape',
    aspectRatio: '4:3',
    file: `${EXAMPLES_BASE}/image-generator/sunset-landscape.webp`,
  },
  {
    prompt: 'a dreamy watercolor garden with flowers and trees in soft pink',
    style: 'watercolor',
    aspectRatio: '4:3',
    file: `${EXAMPLES_BASE}/image-generator/garden-watercolor.webp`,
  },
  {
    prompt: 'a night city skyline with stars, electric blue and magenta',
    style: 'neon',
    aspectRatio: '4:3',
    file: `${EXAMPLES_BASE}/image-generator/city-neon.webp`,
  },
  {
    prompt: 'calm geometric shapes in sage green and cream',
    style: 'minimal',
    aspectRatio: '4:3',
    file: `${EXAMPLES_BASE}/image-generator/shapes-minimal.webp`,
  },
] as const;

export const virtualTryOnExample = {
  description:
    "A photo of a man in a denim jacket from the starter try-on catalogue (Brooke Cagle, Unsplash License), and the catalogue's navy and white Breton long-sleeve top, drawn flat on white",
  category: 'top',
  /** The starter catalogue's photo (apps/server/src/modules/try-on/seed-photos/) and garment (its drawing's key). */
  catalogue: { photo: 'denim-jacket-beach.jpg', garment: 'breton-long-sleeve' },
  /** The web-ready pictures' size: the photo is 576 × 768, written 320 wide (a photo weighs more than the drawn figure did). */
  width: 320,
  height: 427,
  person: `${EXAMPLES_BASE}/virtual-try-on/person.webp`,
  garment: `${EXAMPLES_BASE}/virtual-try-on/garment.webp`,
  after: `${EXAMPLES_BASE}/virtual-try-on/after.webp`,
};

export const speedpaintingExample = {
  description: 'A landscape picture (sky, sun, hills and a red house) painted in the oil style at 480p',
  style: 'oil',
  durationSeconds: 5,
  resolution: '480p',
  source: `${EXAMPLES_BASE}/speed-painting/source.webp`,
  video: `${EXAMPLES_BASE}/speed-painting/speedpainting.mp4`,
  poster: `${EXAMPLES_BASE}/speed-painting/poster.jpg`,
};

export const soundGeneratorExample = {
  prompt: 'gentle rain with soft piano, calm and dreamy',
  durationSeconds: 6,
  audio: `${EXAMPLES_BASE}/sound-generator/rain-piano.mp3`,
  /** the engine's summary: waveform peaks and the design it chose */
  summary: `${EXAMPLES_BASE}/sound-generator/summary.json`,
};

/** An invented discovery call (any resemblance is coincidental), in the 'Name: line' notes format. */
export const salesPilotTranscript = `Maya: Hi Sam, thanks for making time today. How is the new season going at Northwind Outdoor?
Sam: Busy, honestly. We launched three new product lines and the support team is swamped.
Maya: What does your support process look like today when a ticket comes in?
Sam: Everything lands in one shared inbox. Two people sort it by hand every morning, and urgent tickets sometimes wait a whole day.
Maya: That sounds stressful. How many tickets do you get in a typical week?
Sam: Around eight hundred, and it doubles during sales.
Maya: Our help desk sorts tickets automatically by topic and urgency, and most teams answer urgent tickets within an hour.
Sam: That would help. But we already pay for another tool and switching sounds expensive.
Maya: I understand. We import your past tickets for free, and the first three months are at half price so you never pay twice.
Sam: Okay, that is fair. Does it work with Shopify?
Maya: Yes, the Shopify integration is built in. Would automatic sorting solve the morning backlog for your team?
Sam: I think so. I need to check with our head of operations before we decide.
Maya: Makes sense. I will send you a short summary with pricing by Friday. Can we book a demo with your head of operations next week?
Sam: Sounds good. Thanks Maya, this was helpful.`;

export const salesPilotExample = {
  description: 'A short discovery call between Maya (seller) and Sam (buyer), pasted as notes',
  report: `${EXAMPLES_BASE}/sales-pilot/report.json`,
  html: `${EXAMPLES_BASE}/sales-pilot/report.html`,
};
