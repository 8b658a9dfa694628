const unpaired = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * Whether a parsed JSON value holds a key or string with half a surrogate pair ("\ud800"): not text in any
 * encoding, so PostgreSQL refuses it in jsonb (a 500 before) and UTF-8 would silently turn it into U+FFFD.
 */
export function hasUnpairedSurrogate(value: unknown): boolean {
  if (typeof value === 'string') return unpaired.test(value);
  if (Array.isArray(value)) return value.some(hasUnpairedSurrogate);
  if (value && typeof value === 'object') {
    return Object.entries(value).some(([key, inner]) => unpaired.test(key) || hasUnpairedSurrogate(inner));
  }
  return false;
}

/** The same for a JSON text; only bodies that escape a surrogate (\uD8xx to \uDFxx) are parsed and walked. */
export function jsonHasUnpairedSurrogate(json: string): boolean {
  if (!/\\u[dD][89a-fA-F]/.test(json)) return false;
  try {
    return hasUnpairedSurrogate(JSON.parse(json));
  } catch {
    return false; // not JSON: the JSON parser answers that
  }
}
