import { z } from 'zod';

export const garmentCategories = ['top', 'bottom', 'dress', 'outerwear'] as const;
export type GarmentCategory = (typeof garmentCategories)[number];

export const garmentCategoryNames: Record<GarmentCategory, string> = {
  top: 'Top',
  bottom: 'Bottom',
  dress: 'Dress',
  outerwear: 'Outerwear',
};

/** Upload fields: a photo of the person and one of the garment, both required. */
export const virtualTryOnFileFields = ['person', 'garment'] as const;

export const likenessConsentMessage = 'Confirm that you have the right to use this person’s likeness';

export const virtualTryOnParamsSchema = z.object({
  category: z.enum(garmentCategories),
  /** The user confirms they may use the person's likeness (issue 6); must be literally true. */
  consentToLikeness: z.literal(true, { error: likenessConsentMessage }),
});
export type VirtualTryOnParams = z.infer<typeof virtualTryOnParamsSchema>;
