// The image generator's choices and limits without their schema (and zod), for pages that only show them.

export const imageAspectRatios = ['1:1', '16:9', '9:16', '4:3', '3:4'] as const;
export type ImageAspectRatio = (typeof imageAspectRatios)[number];

export const imageStyles = ['abstract', 'watercolor', 'neon', 'minimal', 'landscape'] as const;
export type ImageStyle = (typeof imageStyles)[number];

export const imageStyleNames: Record<ImageStyle, string> = {
  abstract: 'Abstract',
  watercolor: 'Watercolor',
  neon: 'Neon',
  minimal: 'Minimal',
  landscape: 'Landscape',
};

export const imageGeneratorLimits = {
  promptMax: 1000,
  negativePromptMax: 500,
  imagesMin: 1,
  imagesMax: 4,
  seedMax: 2 ** 31 - 1,
} as const;
