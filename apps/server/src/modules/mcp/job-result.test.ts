import { describe, expect, it } from 'vitest';
import type { Job, JobListItem } from '@lumen/core/jobs/schemas';
import { jobListItemSchema, jobSchema } from '@lumen/core/jobs/schemas';
import { toJobResult } from './job-result.ts';

const [, withInput] = jobListItemSchema.meta()!.examples as JobListItem[];

describe('toJobResult', () => {
  it("makes the outputs' and the listed input's links absolute for an MCP client", () => {
    const relative: JobListItem = {
      ...withInput!,
      input: { name: 'portrait.jpg', previewUrl: '/api/v1/files/abc.sig' },
      outputs: withInput!.outputs.map((output) => ({ ...output, previewUrl: '/api/v1/files/out.sig' })),
    };
    const result = toJobResult(relative, 'https://studio.example');
    expect(result.input).toEqual({ name: 'portrait.jpg', previewUrl: 'https://studio.example/api/v1/files/abc.sig' });
    expect(result.outputs[0]!.previewUrl).toBe('https://studio.example/api/v1/files/out.sig');
    expect(toJobResult({ ...relative, input: null }, 'https://studio.example').input).toBeNull();
    const [single] = jobSchema.meta()!.examples as Job[];
    expect('input' in toJobResult(single!, 'https://studio.example')).toBe(false);
  });
});
