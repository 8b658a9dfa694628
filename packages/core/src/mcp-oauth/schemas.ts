import { z } from 'zod';
import { serviceKeys } from '../services/catalogue.ts';

/** The largest monthly credit cap a user can grant an assistant on the consent page. */
export const maxGrantMonthlyCap = 1_000_000;
/** What the consent page proposes as the monthly cap. */
export const defaultGrantMonthlyCap = 100;

export const connectedAppMessages = {
  servicesRequired: 'Choose at least one service the app may use',
  capRange: `The monthly credit cap must be a whole number from 1 to ${maxGrantMonthlyCap.toLocaleString('en-US')}`,
  revoked: 'Access revoked: the app can no longer use your account',
  notFound: 'Connected app not found',
} as const;

export const consentIdParamsSchema = z.object({ id: z.uuid('This sign-in request is not valid') });
export const connectedAppIdParamsSchema = z.object({ id: z.uuid('Invalid connected app id') });

/** GET /oauth/authorizations/{id}: what the consent page shows. */
export const consentViewSchema = z.object({
  id: z.uuid(),
  client: z.object({
    /** As the app registered itself: nobody checked it. */
    name: z.string(),
    uri: z.string().nullable(),
    /** Where the browser goes back to after the answer. */
    redirectHost: z.string(),
    verified: z.literal(false),
  }),
  /** The services the app asked for (its scope), preselected on the page. */
  requestedServices: z.array(z.enum(serviceKeys)),
  /** Every service with its MCP tool, to choose from. */
  services: z.array(z.object({ key: z.enum(serviceKeys), name: z.string(), tool: z.string() })),
  /** Tools every connected app has, whatever services it gets. */
  commonTools: z.array(z.string()),
  expiresAt: z.iso.datetime(),
});
export type ConsentView = z.infer<typeof consentViewSchema>;

/** POST /oauth/authorizations/{id}/decision body: approve with services and a monthly cap, or deny. */
export const consentDecisionBodySchema = z
  .discriminatedUnion('approve', [
    z.strictObject({
      approve: z.literal(true),
      services: z.array(z.enum(serviceKeys)).min(1, connectedAppMessages.servicesRequired),
      monthlyCreditCap: z
        .number({ error: connectedAppMessages.capRange })
        .int(connectedAppMessages.capRange)
        .min(1, connectedAppMessages.capRange)
        .max(maxGrantMonthlyCap, connectedAppMessages.capRange),
    }),
    z.strictObject({ approve: z.literal(false) }),
  ])
  .meta({
    examples: [{ approve: true, services: ['ai-background', 'image-generator'], monthlyCreditCap: 200 }, { approve: false }],
  });
export type ConsentDecisionBody = z.input<typeof consentDecisionBodySchema>;

/** Where the browser goes next: the app's redirect_uri with the code (or error=access_denied) and state. */
export const consentDecisionResultSchema = z.object({ redirectTo: z.string() });

/** An assistant a user let in through OAuth, as API management lists it. */
export const connectedAppSchema = z.object({
  id: z.uuid(),
  clientName: z.string(),
  clientUri: z.string().nullable(),
  allowedServices: z.array(z.enum(serviceKeys)),
  monthlyCreditCap: z.number().int(),
  creditsUsedThisMonth: z.number().int(),
  createdAt: z.iso.datetime(),
  lastUsedAt: z.iso.datetime().nullable(),
});
export type ConnectedApp = z.infer<typeof connectedAppSchema>;
export const connectedAppListSchema = z.array(connectedAppSchema);
