import { describe, expect, it } from 'vitest';
import { jsonBodyError } from './json-body.ts';

describe('jsonBodyError', () => {
  it('accepts JSON and an empty body, and explains what is wrong otherwise', () => {
    expect(jsonBodyError('{"a": 1}')).toBeNull();
    expect(jsonBodyError('   ')).toBeNull();
    expect(jsonBodyError('{"a": ')).toMatch(/^The request body is not valid JSON: /);
  });
});
