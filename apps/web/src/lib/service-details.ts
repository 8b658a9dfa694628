import { AudioLines, Brush, ImageIcon, LineChart, Shirt, Wand2 } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { defaultServiceCosts, productPathOf, serviceKeys, serviceNames } from '@lumen/core/services/catalogue';
import type { ServiceKey } from '@lumen/core/services/catalogue';

/** Presentation details of the six services, shared by the marketing, dashboard and tool pages. */
export type ServiceDetails = {
  key: ServiceKey;
  name: string;
  cost: number;
  tagline: string;
  description: string;
  icon: LucideIcon;
  /** /dashboard/tools/{key} */
  toolPath: string;
  /** /products/{slug} */
  productPath: string;
  /** 1..10, one of /main/bg/{n}.jpg */
  image: number;
};

const details: Record<ServiceKey, Omit<ServiceDetails, 'key' | 'name' | 'cost' | 'toolPath' | 'productPath'>> = {
  'ai-background': {
    tagline: 'Swap any backdrop in seconds',
    description: 'Remove the background from a product or portrait photo and place it on a clean studio colour or a generated scene.',
    icon: Wand2,
    image: 2,
  },
  'image-generator': {
    tagline: 'From a prompt to a picture',
    description: 'Describe what you want to see and get an original image, ready for posts, banners and mood boards.',
    icon: ImageIcon,
    image: 5,
  },
  'virtual-try-on': {
    tagline: 'See the outfit before you buy it',
    description: 'Upload a photo of yourself and a garment, and see how it looks on you — no fitting room needed.',
    icon: Shirt,
    image: 7,
  },
  speedpainting: {
    tagline: 'Turn a picture into a painting video',
    description: 'Watch your image come to life stroke by stroke in a shareable speed painting video.',
    icon: Brush,
    image: 3,
  },
  'sales-pilot': {
    tagline: 'Coach every sales conversation',
    description: 'Upload a call transcript or notes and get a structured analysis: talk ratio, objections, next steps.',
    icon: LineChart,
    image: 6,
  },
  'sound-generator': {
    tagline: 'Sound effects and loops on demand',
    description: 'Describe a sound and get an audio file you can drop into your video, game or podcast.',
    icon: AudioLines,
    image: 8,
  },
};

export const services: ServiceDetails[] = serviceKeys.map((key) => ({
  key,
  name: serviceNames[key],
  cost: defaultServiceCosts[key],
  toolPath: `/dashboard/tools/${key}`,
  productPath: productPathOf(key),
  ...details[key],
}));

export function serviceByKey(key: ServiceKey): ServiceDetails {
  const found = services.find((service) => service.key === key);
  if (!found) throw new Error(`Unknown service ${key}`);
  return found;
}

/** AI background is unlimited; the others cost credits per use. */
export function costLabel(cost: number): string {
  if (cost <= 0) return 'Unlimited';
  return `${cost} credit${cost === 1 ? '' : 's'} per use`;
}

/** The services with the costs the server reports (GET /credits/costs), or the defaults while absent. */
export function withCosts(costs: Partial<Record<string, number>> | undefined): ServiceDetails[] {
  if (!costs) return services;
  return services.map((service) => ({ ...service, cost: costs[service.key] ?? service.cost }));
}
