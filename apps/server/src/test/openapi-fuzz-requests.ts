import fc from 'fast-check';

/** The slice of JSON Schema (as fastify-swagger prints zod schemas) the fuzzer reads. */
export type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
};

type Parameter = { name: string; in: 'path' | 'query' | 'header' | 'cookie'; required?: boolean; schema?: JsonSchema };
export type Operation = {
  method: string;
  path: string;
  parameters: Parameter[];
  body: JsonSchema | null;
  bodyRequired: boolean;
  secured: boolean;
};

export type FuzzRequest = {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string;
  /** What makes it invalid, for the failure message. */
  defect: string;
};

/** A seeded PRNG (mulberry32): the same seed gives the same requests. */
export function createRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (max: number) => Math.floor(next() * max),
    pick<T>(list: readonly T[]): T {
      return list[Math.floor(next() * list.length)]!;
    },
    chance: (p: number) => next() < p,
  };
}
export type Random = ReturnType<typeof createRandom>;

const injections = [
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  '1; SELECT pg_sleep(10)--',
  '" OR ""="',
  "admin'--",
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '../../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  '/dev/null',
  '__proto__',
  'constructor',
  'prototype',
  '${7*7}{{7*7}}',
  '%s%s%s%n',
  '\u0000',
  'null',
  'undefined',
  'NaN',
  '-1',
  '0',
  '9'.repeat(40),
  '1e309',
  ' ',
  '',
  '\u202e\u0645\u0631\u062d\u0628\u0627 \ud83d\ude00 \u00e9\u0301 \ufeff',
  '\ud800',
  'e\u0301\u0301\u0301\u0301\u0301',
  '\u{1F468}\u200D\u{1F469}\u200D\u{1F467}',
  'user@example.com',
  'http://169.254.169.254/latest/meta-data/',
  'file:///etc/passwd',
  '00000000-0000-0000-0000-000000000000',
  'SELECT * FROM credit_ledger',
];

/** Hostile strings: the fixed list above and fast-check's full-unicode strings from the same seed. */
export function hostileStrings(seed: number): string[] {
  const generated = fc.sample(fc.string({ unit: 'binary', maxLength: 40 }), { seed, numRuns: 200 });
  return [...injections, ...generated];
}

const prototypeKeys = ['__proto__', 'constructor', 'prototype'];
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function typesOf(schema: JsonSchema | undefined): Set<string> | null {
  if (!schema) return null;
  if (schema.anyOf || schema.oneOf) {
    const all = new Set<string>();
    for (const option of schema.anyOf ?? schema.oneOf ?? []) {
      const inner = typesOf(option);
      if (!inner) return null;
      for (const type of inner) all.add(type);
    }
    return all;
  }
  if (schema.const !== undefined) return new Set([schema.const === null ? 'null' : typeof schema.const]);
  if (schema.enum) return new Set(schema.enum.map((value) => (value === null ? 'null' : typeof value)));
  if (!schema.type) return null;
  const list = Array.isArray(schema.type) ? schema.type : [schema.type];
  return new Set(list.map((type) => (type === 'integer' ? 'number' : type)));
}

/** Whether a text value (path or query) is certainly refused by a simple schema. */
export function textViolates(schema: JsonSchema | undefined, value: string): boolean {
  if (!schema) return false;
  if (schema.anyOf || schema.oneOf) return (schema.anyOf ?? schema.oneOf ?? []).every((option) => textViolates(option, value));
  if (schema.enum && !schema.enum.map(String).includes(value)) return true;
  if (schema.const !== undefined && String(schema.const) !== value) return true;
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === 'integer' || type === 'number') {
    if (value.trim() === '' || !Number.isFinite(Number(value))) return true;
    if (type === 'integer' && !Number.isInteger(Number(value))) return true;
    if (schema.minimum !== undefined && Number(value) < schema.minimum) return true;
    if (schema.maximum !== undefined && Number(value) > schema.maximum) return true;
    return false;
  }
  if (type === 'boolean') return !['true', 'false'].includes(value);
  if (type !== 'string' && type !== undefined) return false;
  const length = [...value].length;
  if (schema.minLength !== undefined && length < schema.minLength) return true;
  if (schema.maxLength !== undefined && length > schema.maxLength) return true;
  if (schema.format === 'uuid' && !uuidPattern.test(value)) return true;
  if (schema.format === 'email' && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(value)) return true;
  if (schema.format === 'date' && !/^\d{4}-\d{2}-\d{2}$/.test(value)) return true;
  if (schema.format === 'date-time' && !/^\d{4}-\d{2}-\d{2}T/.test(value)) return true;
  if (schema.pattern) {
    try {
      if (!new RegExp(schema.pattern, 'u').test(value)) return true;
    } catch {
      return false;
    }
  }
  return false;
}

/** A value of a JSON type the schema does not allow, or undefined when it allows any. */
function wrongTypeValue(schema: JsonSchema | undefined, random: Random, strings: string[]): unknown {
  const allowed = typesOf(schema);
  if (!allowed) return undefined;
  const candidates: unknown[] = [];
  if (!allowed.has('string')) candidates.push(random.pick(strings), '12', 'true');
  if (!allowed.has('number')) candidates.push(random.pick([0, -1, 1e308, -2147483649, Number.MAX_SAFE_INTEGER + 2, 0.5]));
  if (!allowed.has('boolean')) candidates.push(random.pick([true, false]));
  if (!allowed.has('object')) candidates.push({ __proto__: { polluted: true }, a: 1 }, {});
  if (!allowed.has('array')) candidates.push([random.pick(strings)], []);
  if (!allowed.has('null')) candidates.push(null);
  return candidates.length ? random.pick(candidates) : undefined;
}

/** A value roughly of the schema's type, filled with hostile content (it may or may not be valid). */
function hostileValue(schema: JsonSchema | undefined, random: Random, strings: string[], depth = 0): unknown {
  if (!schema || depth > 4) return random.pick(strings);
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return random.chance(0.8) ? random.pick(schema.enum) : random.pick(strings);
  const options = schema.anyOf ?? schema.oneOf;
  if (options?.length) return hostileValue(random.pick(options), random, strings, depth + 1);
  const type = Array.isArray(schema.type) ? random.pick(schema.type) : schema.type;
  switch (type) {
    case 'string':
      if (schema.format === 'uuid') return random.chance(0.7) ? crypto.randomUUID() : random.pick(strings);
      return random.chance(0.1) ? 'x'.repeat(random.pick([1000, 10_000, 100_000])) : random.pick(strings);
    case 'integer':
    case 'number':
      return random.pick([
        0,
        -1,
        1,
        2147483647,
        2147483648,
        -2147483649,
        1e308,
        -1e308,
        Number.MAX_SAFE_INTEGER + 2,
        0.1,
        schema.minimum ?? 0,
        schema.maximum ?? 1,
      ]);
    case 'boolean':
      return random.chance(0.5);
    case 'null':
      return null;
    case 'array':
      return Array.from({ length: random.pick([0, 1, 2, 50]) }, () => hostileValue(schema.items, random, strings, depth + 1));
    case 'object':
      return hostileObject(schema, random, strings, depth + 1);
    default:
      return random.pick(strings);
  }
}

function hostileObject(schema: JsonSchema, random: Random, strings: string[], depth: number): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [key, property] of Object.entries(schema.properties ?? {})) {
    if (schema.required?.includes(key) || random.chance(0.6)) result[key] = hostileValue(property, random, strings, depth);
  }
  return result;
}

/** Adds own keys named __proto__ and friends (JSON.parse makes them own properties, as a client's JSON would). */
function withPrototypeKeys(json: string, random: Random): string {
  if (!json.startsWith('{')) return json;
  const key = random.pick(prototypeKeys);
  const inner = json === '{}' ? '' : `,${json.slice(1, -1)}`;
  return `{"${key}":{"polluted":true,"isAdmin":true,"role":"ADMIN","balance":1000000}${inner}}`;
}

type Defect = { name: string; apply(request: Draft, random: Random, strings: string[]): boolean };
type Draft = {
  path: Record<string, string>;
  query: URLSearchParams;
  body: Record<string, unknown> | null;
  rawBody?: string;
  contentType?: string;
};

function textDefect(where: 'path' | 'query', parameter: Parameter): Defect {
  return {
    name: `${where} ${parameter.name}`,
    apply(draft, random, strings) {
      const huge =
        parameter.schema?.maxLength !== undefined && where === 'query'
          ? 'x'.repeat(parameter.schema.maxLength + 1 + random.int(5000))
          : null;
      const candidates = [...(huge ? [huge] : []), ...Array.from({ length: 20 }, () => random.pick(strings))];
      const value = candidates.find(
        (candidate) => (where === 'path' ? candidate !== '' : true) && textViolates(parameter.schema, candidate),
      );
      if (value === undefined) return false;
      if (where === 'path') draft.path[parameter.name] = value;
      else draft.query.set(parameter.name, value);
      return true;
    },
  };
}

/** The object a body schema describes, also when it is `object | null`. */
function objectSchemaOf(schema: JsonSchema | null): JsonSchema | null {
  if (!schema) return null;
  if (schema.properties || schema.type === 'object') return schema;
  return (schema.anyOf ?? schema.oneOf ?? []).find((option) => option.properties || option.type === 'object') ?? null;
}

/** Every way this operation can be sent so that its schema certainly refuses it. */
function defectsOf(operation: Operation, hasBodyMethod: boolean): Defect[] {
  const defects: Defect[] = [];
  for (const parameter of operation.parameters) {
    if (parameter.in !== 'path' && parameter.in !== 'query') continue;
    defects.push(textDefect(parameter.in, parameter));
    if (parameter.in === 'query' && parameter.required) {
      defects.push({ name: `query ${parameter.name} missing`, apply: (draft) => (draft.query.delete(parameter.name), true) });
    }
  }
  const body = objectSchemaOf(operation.body);
  if (body) {
    for (const [key, property] of Object.entries(body.properties ?? {})) {
      defects.push({
        name: `body ${key} wrong type`,
        apply(draft, random, strings) {
          const value = wrongTypeValue(property, random, strings);
          if (value === undefined || !draft.body) return false;
          draft.body[key] = value;
          return true;
        },
      });
      if (property.maxLength !== undefined && typesOf(property)?.size === 1 && typesOf(property)?.has('string')) {
        defects.push({
          name: `body ${key} too long`,
          apply(draft, random) {
            if (!draft.body) return false;
            draft.body[key] = '\u00e9'.repeat(property.maxLength! + 1 + random.int(20_000));
            return true;
          },
        });
      }
    }
    for (const key of body.required ?? []) {
      defects.push({ name: `body ${key} missing`, apply: (draft) => (draft.body ? (delete draft.body[key], true) : false) });
    }
    if (body.additionalProperties === false) {
      defects.push({
        name: 'body extra field',
        apply(draft, random) {
          if (!draft.body) return false;
          draft.body[random.pick(['role', 'credits', 'balance', 'isAdmin', 'userId', 'id', 'extra_field'])] = random.pick([
            true,
            'ADMIN',
            1e9,
          ]);
          return true;
        },
      });
    }
  }
  if (operation.body) {
    // A body that may be null (logout's optional refresh token) may also be empty; a list, a text or a number is never an object.
    const nullable = typesOf(operation.body)?.has('null') ?? true;
    const notObjects = nullable ? ['[]', '"text"', '42', '[{"a":1}]'] : ['[]', '"text"', '42', 'null', '[{"a":1}]'];
    defects.push({ name: 'body not an object', apply: (draft, random) => ((draft.rawBody = random.pick(notObjects)), true) });
    defects.push({
      name: 'body not JSON',
      apply: (draft, random) => ((draft.rawBody = random.pick(['{', '{"a":', "{'a':1}", '{"a":1}}', '\u0000'])), true),
    });
    if (!nullable && operation.bodyRequired) defects.push({ name: 'body empty', apply: (draft) => ((draft.rawBody = ''), true) });
  }
  if (hasBodyMethod) {
    defects.push({
      name: 'unsupported content type',
      apply: (draft, random) => (
        (draft.contentType = random.pick(['application/x-fuzz', 'text/html', 'image/png'])),
        (draft.rawBody = '{"a":1}'),
        true
      ),
    });
  }
  return defects;
}

/** The operations of an OpenAPI document, without the ones that stream for ever (text/event-stream). */
export function operationsOf(document: { paths: Record<string, Record<string, Record<string, unknown>>> }): Operation[] {
  const result: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, raw] of Object.entries(methods)) {
      const responses = (raw.responses ?? {}) as Record<string, { content?: Record<string, unknown> }>;
      if (Object.values(responses).some((response) => response.content?.['text/event-stream'])) continue;
      const requestBody = raw.requestBody as { required?: boolean; content?: Record<string, { schema?: JsonSchema }> } | undefined;
      result.push({
        method: method.toUpperCase(),
        path,
        parameters: (raw.parameters ?? []) as Parameter[],
        body: requestBody?.content?.['application/json']?.schema ?? null,
        bodyRequired: requestBody?.required ?? false,
        secured: Array.isArray(raw.security) && raw.security.length > 0,
      });
    }
  }
  return result;
}

const bodyMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function baseDraft(operation: Operation, random: Random, strings: string[]): Draft {
  const path: Record<string, string> = {};
  const query = new URLSearchParams();
  for (const parameter of operation.parameters) {
    const value = hostileValue(parameter.schema, random, strings);
    const text = typeof value === 'string' ? value : JSON.stringify(value);
    if (parameter.in === 'path') path[parameter.name] = text || 'x';
    else if (parameter.in === 'query' && (parameter.required || random.chance(0.5))) query.set(parameter.name, text);
  }
  if (random.chance(0.3))
    query.set(random.pick([...prototypeKeys, 'constructor[prototype][polluted]', '__proto__[polluted]', 'role']), 'true');
  const schema = objectSchemaOf(operation.body);
  const body = schema ? hostileObject(schema, random, strings, 0) : operation.body ? {} : null;
  return { path, query, body };
}

/** Percent-encodes a path segment; a lone surrogate becomes an invalid UTF-8 sequence, as a raw client could send. */
function encodeSegment(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return `${encodeURIComponent(value.replace(/[\ud800-\udfff]/g, ''))}%ED%A0%80`;
  }
}

function toRequest(operation: Operation, draft: Draft, defect: string, random: Random): FuzzRequest {
  const pathname = operation.path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeSegment(draft.path[name] ?? 'x'));
  const search = draft.query.toString();
  const headers: Record<string, string> = {};
  let payload: string | undefined;
  if (draft.rawBody !== undefined) payload = draft.rawBody;
  else if (draft.body) payload = random.chance(0.3) ? withPrototypeKeys(JSON.stringify(draft.body), random) : JSON.stringify(draft.body);
  if (payload !== undefined && bodyMethods.has(operation.method)) headers['content-type'] = draft.contentType ?? 'application/json';
  else payload = undefined;
  return {
    method: operation.method,
    url: search ? `${pathname}?${search}` : pathname,
    headers,
    ...(payload !== undefined ? { payload } : {}),
    defect,
  };
}

/**
 * A request the schema certainly refuses: one defect (wrong type, missing field, extra field on a strict
 * object, too long, bad path or query value, not JSON, wrong content type) on top of hostile values
 * everywhere else. Null when the operation has nothing a schema could refuse (a GET without parameters).
 */
export function invalidRequest(operation: Operation, random: Random, strings: string[]): FuzzRequest | null {
  const defects = defectsOf(operation, bodyMethods.has(operation.method));
  for (let attempt = 0; attempt < 10 && defects.length; attempt += 1) {
    const draft = baseDraft(operation, random, strings);
    const defect = random.pick(defects);
    if (defect.apply(draft, random, strings)) return toRequest(operation, draft, defect.name, random);
  }
  return null;
}

/** A GET within the schema's types but with hostile values (injection, unicode, extremes): it must never 5xx. */
export function hostileGet(operation: Operation, random: Random, strings: string[]): FuzzRequest {
  const path: Record<string, string> = {};
  const query = new URLSearchParams();
  for (const parameter of operation.parameters) {
    if (parameter.in !== 'path' && parameter.in !== 'query') continue;
    if (parameter.in === 'query' && !parameter.required && random.chance(0.4)) continue;
    const candidates = Array.from({ length: 20 }, () =>
      random.chance(0.5) ? typedValue(parameter.schema, random, strings) : hostileValue(parameter.schema, random, strings),
    ).map((value) => (typeof value === 'string' ? value : JSON.stringify(value)));
    const value = candidates.find((candidate) => candidate !== '' && !textViolates(parameter.schema, candidate)) ?? candidates[0]!;
    if (parameter.in === 'path') path[parameter.name] = value || 'x';
    else query.set(parameter.name, value);
  }
  return toRequest(operation, { path, query, body: null }, 'hostile but typed values', random);
}

/** A value the schema probably accepts, chosen among hostile candidates (injection, unicode, extremes). */
function typedValue(schema: JsonSchema | undefined, random: Random, strings: string[], depth = 0): unknown {
  if (!schema || depth > 4) return random.pick(strings);
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return random.pick(schema.enum);
  const options = schema.anyOf ?? schema.oneOf;
  if (options?.length) return typedValue(random.pick(options), random, strings, depth + 1);
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  const type = random.pick(types);
  switch (type) {
    case 'string': {
      const special: Record<string, string[]> = {
        uuid: [crypto.randomUUID(), '00000000-0000-0000-0000-000000000000'],
        email: [`o'brien+${random.int(1e6)}@example.com`, `"<script>"@example.com`, `user${random.int(1e6)}@xn--80ak6aa92e.com`],
        date: ['9999-12-31', '0001-01-01', '2026-02-29'],
        'date-time': ['9999-12-31T23:59:59Z', '1970-01-01T00:00:00Z'],
        uri: ['http://127.0.0.1:1/x', 'https://example.com/?q=\'"<>', 'javascript:alert(1)'],
      };
      const candidates = [...(special[schema.format ?? ''] ?? []), ...Array.from({ length: 20 }, () => random.pick(strings))];
      if (schema.maxLength !== undefined) candidates.unshift('\u00e9'.repeat(schema.maxLength));
      const fits = candidates.filter((candidate) => !textViolates(schema, candidate));
      return fits.length ? random.pick(fits) : 'x'.repeat(Math.max(1, schema.minLength ?? 1));
    }
    case 'integer':
    case 'number': {
      const low = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : -2147483649);
      const high = schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - 1 : 1e15);
      const candidates = [low, high, 0, 1, -1, 2147483647, 2147483648, Number.MAX_SAFE_INTEGER, 0.5].filter(
        (value) => value >= low && value <= high && (type === 'number' || Number.isInteger(value)),
      );
      return candidates.length ? random.pick(candidates) : low;
    }
    case 'boolean':
      return random.chance(0.5);
    case 'null':
      return null;
    case 'array':
      return Array.from({ length: random.pick([1, 1, 2]) }, () => typedValue(schema.items, random, strings, depth + 1));
    case 'object': {
      const result: Record<string, unknown> = {};
      for (const [key, property] of Object.entries(schema.properties ?? {})) {
        if (schema.required?.includes(key) || random.chance(0.5)) result[key] = typedValue(property, random, strings, depth + 1);
      }
      return result;
    }
    default:
      return random.pick(strings);
  }
}

/** Any method, with values of the schema's types but hostile: it may be accepted; it must never 5xx. */
export function hostileTypedRequest(operation: Operation, random: Random, strings: string[]): FuzzRequest {
  const path: Record<string, string> = {};
  const query = new URLSearchParams();
  for (const parameter of operation.parameters) {
    if (parameter.in !== 'path' && parameter.in !== 'query') continue;
    if (parameter.in === 'query' && !parameter.required && random.chance(0.4)) continue;
    const value = typedValue(parameter.schema, random, strings);
    const text = typeof value === 'string' ? value : JSON.stringify(value);
    if (parameter.in === 'path') path[parameter.name] = text || 'x';
    else query.set(parameter.name, text);
  }
  const schema = objectSchemaOf(operation.body);
  const body = schema ? (typedValue(schema, random, strings) as Record<string, unknown>) : operation.body ? {} : null;
  return toRequest(operation, { path, query, body }, 'hostile but typed values', random);
}
