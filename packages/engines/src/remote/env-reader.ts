import type { z } from 'zod';

/** Reads variables ('' counts as unset) and checks them, failing with one line naming the variable. */
export function envReader(env: NodeJS.ProcessEnv, fail: (message: string) => Error) {
  const read = (name: string) => (env[name] === '' ? undefined : env[name]);
  const invalid = (name: string, message: string) => fail(`Invalid environment variable ${name}: ${message}`);
  const check = <T>(name: string, schema: z.ZodType<T>, fallback: T): T => {
    const value = read(name);
    if (value === undefined) return fallback;
    const result = schema.safeParse(value);
    if (!result.success) throw invalid(name, result.error.issues[0]?.message ?? 'is invalid');
    return result.data;
  };
  return { read, check, invalid };
}
