import { readFile } from 'node:fs/promises';
import { expect, it } from 'vitest';
import { GENERATED_TYPES_PATH, generateTypes } from '../scripts/generated-types.ts';

/**
 * The checked-in types must be what the server's OpenAPI document makes now: a route or schema change
 * that reaches the API-key surface fails here until `npm run generate -w @lumen/sdk` is run (and, when
 * the change breaks a helper, the SDK's typecheck fails too).
 */
it('src/generated/openapi.ts matches the server’s current OpenAPI document', async () => {
  const [expected, checkedIn] = await Promise.all([generateTypes(), readFile(GENERATED_TYPES_PATH, 'utf8')]);
  expect(expected).toContain('"/api/v1/jobs/{id}/events"');
  if (checkedIn !== expected) {
    const lines = checkedIn.split('\n');
    const index = expected.split('\n').findIndex((line, at) => line !== lines[at]);
    expect.fail(
      `packages/sdk/src/generated/openapi.ts is out of date with the server (first difference at line ${index + 1}); ` +
        'run `npm run generate -w @lumen/sdk` and commit the result',
    );
  }
});
