/** The six AI services and their default credit costs. */
export const serviceKeys = [
  'ai-background',
  'image-generator',
  'virtual-try-on',
  'speedpainting',
  'sales-pilot',
  'sound-generator',
] as const;
export type ServiceKey = (typeof serviceKeys)[number];

export const serviceNames: Record<ServiceKey, string> = {
  'ai-background': 'AI Background',
  'image-generator': 'Image Generation',
  'virtual-try-on': 'Virtual Try-On',
  speedpainting: 'Speed Painting Video',
  'sales-pilot': 'Sales Pilot Analysis',
  'sound-generator': 'Sound Generation',
};

/** 0 means the service is unlimited (AI background). */
export const defaultServiceCosts: Record<ServiceKey, number> = {
  'ai-background': 0,
  'image-generator': 1,
  'virtual-try-on': 2,
  speedpainting: 5,
  'sales-pilot': 1,
  'sound-generator': 2,
};

export type ServiceCosts = Partial<Record<string, number>>;

/** The public product page of each tool: /products/{slug}. */
export const productSlugs: Record<ServiceKey, string> = {
  'ai-background': 'ai-background',
  'image-generator': 'image-generator',
  'virtual-try-on': 'virtual-try-on',
  speedpainting: 'speed-painting',
  'sales-pilot': 'sales-pilot',
  'sound-generator': 'sound-generator',
};

export const productPathOf = (key: ServiceKey) => `/products/${productSlugs[key]}`;
