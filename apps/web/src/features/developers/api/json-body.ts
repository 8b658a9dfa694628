/** Why a Try it body cannot be sent as JSON, or null when it parses; an empty body is sent as none. */
export function jsonBodyError(text: string): string | null {
  if (!text.trim()) return null;
  try {
    JSON.parse(text);
    return null;
  } catch (error) {
    return `The request body is not valid JSON: ${error instanceof Error ? error.message : String(error)}`;
  }
}
