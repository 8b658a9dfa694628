import type { ServiceKey } from '@lumen/core/services/catalogue';

export type ProductStep = { title: string; body: string };
export type ProductFaq = { question: string; answer: string };
export type ProductContent = { promise: string; steps: [ProductStep, ProductStep, ProductStep]; faqs: ProductFaq[] };

const downloadsFaq: ProductFaq = {
  question: 'Can I download my results?',
  answer:
    'Everyone sees their results in the page and in the result library. Downloading the original files is included once you have bought any credit package; on the free plan you see a preview.',
};

/** The words of each product page: its promise, how it works in 3 steps, and its FAQs. */
export const productContent: Record<ServiceKey, ProductContent> = {
  'ai-background': {
    promise:
      'Cut out the subject of any product or portrait photo and put it on a clean colour, one of our studio backdrops, or a picture of your own.',
    steps: [
      { title: 'Upload a photo', body: 'A PNG, JPEG or WebP of a product or a person; a plain background gives the cleanest edges.' },
      { title: 'Choose the new background', body: 'Transparent, a colour, one of ten studio backdrops, or your own picture.' },
      { title: 'Get the cut-out', body: 'A transparent PNG and the composed picture, side by side with the original.' },
    ],
    faqs: [
      {
        question: 'How much does it cost?',
        answer:
          'Nothing: AI background costs no credits on any plan, including the free Starter plan. A daily allowance of free runs keeps it quick for everyone.',
      },
      {
        question: 'What does the built-in engine use?',
        answer: 'A salient-object segmentation model (U²-Netp) that runs on our servers, offline, with no third-party AI service.',
      },
      {
        question: 'Which photos work best?',
        answer: 'One clear subject, in focus, on a background that differs from it in colour or brightness.',
      },
      downloadsFaq,
    ],
  },
  'image-generator': {
    promise: 'Describe a picture in words and get original images for posts, banners and mood boards, in the size and style you need.',
    steps: [
      { title: 'Write a prompt', body: 'Colours, mood and scene words: “a calm sunset over the sea, warm orange”. Add what to leave out.' },
      {
        title: 'Pick a style and size',
        body: 'Abstract, watercolor, neon, minimal or landscape; square, wide or tall; up to four images.',
      },
      {
        title: 'Keep the ones you like',
        body: 'Every image is kept in your result library; the same prompt and seed give the same picture.',
      },
    ],
    faqs: [
      { question: 'How much does it cost?', answer: 'One credit per request.' },
      {
        question: 'What does the built-in engine do?',
        answer:
          'It draws the subjects your prompt names (about 500 illustrated animals, foods, vehicles, buildings, plants and objects) in a scene that follows the setting, weather, time of day, colours and style you ask for, and shows what it will draw as you type. A prompt whose main subject it has no picture for is refused before any credit is used, with close things it can draw. It is an illustration composer, not a photo-realistic model.',
      },
      { question: 'Can I use the images commercially?', answer: 'Yes, the images you generate are yours to use.' },
      downloadsFaq,
    ],
  },
  'virtual-try-on': {
    promise: 'See how a garment looks on a person before buying or shooting it: a person photo and a garment photo become one picture.',
    steps: [
      {
        title: 'Add a person',
        body: 'Upload a front-facing, full-body photo (our photo guide shows what works) or choose one of our models.',
      },
      { title: 'Add a garment', body: 'Upload a flat photo of a top, bottom, dress or outerwear, or pick one from the catalogue.' },
      { title: 'See it worn', body: 'The garment is fitted to the body and shaded by the photo’s light.' },
    ],
    faqs: [
      { question: 'How much does it cost?', answer: 'Two credits per try-on.' },
      {
        question: 'Whose photos may I use?',
        answer: 'Your own, or photos of people who agreed; you confirm you have the right to use the person’s likeness before each try-on.',
      },
      {
        question: 'What does the built-in engine do?',
        answer:
          'It finds the person’s pose (shoulders, hips, knees, arms and face) with a body-pose model, cuts out the garment, and fits it to the torso or legs, keeping the face, hands and arms in front. It is a fitting preview, not a generative model.',
      },
      downloadsFaq,
    ],
  },
  speedpainting: {
    promise: 'Turn any picture into a video of it being painted stroke by stroke — ready for reels, stories and shop pages.',
    steps: [
      { title: 'Upload a picture', body: 'A photo, an illustration or a product shot.' },
      { title: 'Pick a style and length', body: 'Oil, watercolor or sketch; 5 to 30 seconds; 480p or 720p.' },
      { title: 'Watch it painted', body: 'An MP4 video plays right in the browser, with a poster of the finished painting.' },
    ],
    faqs: [
      { question: 'How much does it cost?', answer: 'Five credits per video.' },
      {
        question: 'What does the built-in engine do?',
        answer:
          'A painterly renderer lays thousands of curved brush strokes from coarse to fine along the picture’s edges and records every step as an H.264 MP4 video.',
      },
      {
        question: 'Which format is the video?',
        answer: 'MP4 (H.264), which plays on phones and in every browser and uploads to every social network.',
      },
      downloadsFaq,
    ],
  },
  'sales-pilot': {
    promise:
      'Paste a sales-call transcript or notes and get a coaching report: talk ratio, questions, objections, sentiment, topics, next steps and a score with reasons.',
    steps: [
      { title: 'Paste or upload the call', body: 'Plain notes (“Name: line”), or a .txt, .vtt or .srt transcript.' },
      { title: 'Let it read the call', body: 'Speakers, questions, objections and commitments are found sentence by sentence.' },
      { title: 'Coach with the report', body: 'A report page with charts, and a file you can share with your team.' },
    ],
    faqs: [
      { question: 'How much does it cost?', answer: 'One credit per report.' },
      {
        question: 'What does the built-in engine do?',
        answer:
          'It analyses the transcript with word lists and rules (no language model), so every number in the report can be traced back to a sentence of the call.',
      },
      { question: 'Which languages are supported?', answer: 'English for now.' },
      downloadsFaq,
    ],
  },
  'sound-generator': {
    promise:
      'Describe a sound — rain, ocean, birds, a calm piano or an upbeat beat — and get an audio file for your video, game or podcast.',
    steps: [
      {
        title: 'Describe the sound',
        body: 'Textures (rain, wind, fire, birds…), instruments (piano, guitar, sax…), a genre, a mood and a tempo.',
      },
      { title: 'Choose the length', body: 'From 1 to 30 seconds.' },
      { title: 'Listen and use it', body: 'An MP3 played with its waveform in the page, and a lossless WAV to download.' },
    ],
    faqs: [
      { question: 'How much does it cost?', answer: 'Two credits per sound.' },
      {
        question: 'What does the built-in engine do?',
        answer:
          'A synthesiser reads your words: sound words choose textures and instruments, a genre brings its band, mood and tempo words (“slow”, “120 bpm”) choose key, scale and tempo; it renders 44.1 kHz stereo as an MP3 and a WAV.',
      },
      { question: 'Can I use the sounds in my projects?', answer: 'Yes, the sounds you generate are yours to use.' },
      downloadsFaq,
    ],
  },
};
