import { serviceKeys } from '@lumen/core/services/catalogue';
import type { ServiceKey } from '@lumen/core/services/catalogue';

export const GET_JOB_TOOL = 'get_job';

/** `image-generator` → `image_generator`: MCP clients expect tool names without dashes. */
export const toolNameOf = (service: ServiceKey): string => service.replaceAll('-', '_');

function serviceOfTool(name: string): ServiceKey | null {
  return serviceKeys.find((service) => toolNameOf(service) === name) ?? null;
}

/**
 * The AI-service tools a JSON-RPC body (one message or a batch) calls, unless it also lists the tools:
 * a key's out-of-scope tools are registered only for those calls, so they stay unlisted yet a call to one
 * gets the API's own scope message.
 */
export function servicesCalledIn(body: unknown): Set<ServiceKey> {
  const messages: unknown[] = Array.isArray(body) ? body : [body];
  const called = new Set<ServiceKey>();
  for (const message of messages) {
    if (!message || typeof message !== 'object') continue;
    const { method, params } = message as { method?: unknown; params?: { name?: unknown } };
    if (method === 'tools/list') return new Set();
    const service = method === 'tools/call' && typeof params?.name === 'string' ? serviceOfTool(params.name) : null;
    if (service) called.add(service);
  }
  return called;
}
