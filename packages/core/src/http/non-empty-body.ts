import type { z } from 'zod';

/**
 * A change body that must change something: `{}` is refused with `message`, and the OpenAPI document says so
 * (minProperties: 1), since a refinement alone does not appear in the schema.
 */
export function nonEmptyBody<Body extends z.ZodType<object>>(schema: Body, message: string) {
  return schema.refine((body) => Object.keys(body).length > 0, message).meta({ minProperties: 1 });
}
