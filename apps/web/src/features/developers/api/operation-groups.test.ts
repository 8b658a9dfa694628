import { describe, expect, it } from 'vitest';
import { collectOperations } from './openapi-types.ts';
import type { OpenApiDocument } from './openapi-types.ts';
import { groupOperations } from './operation-groups.ts';

const doc: OpenApiDocument = {
  openapi: '3.1.0',
  tags: [{ name: 'jobs', description: 'AI services, uploads and jobs (API keys accepted)' }],
  paths: {
    '/api/v1/admin/users': { get: { tags: ['admin'], summary: 'All users' } },
    '/api/v1/admin/jobs': { get: { tags: ['jobs'], summary: 'All jobs' } },
    '/api/v1/auth/login': { post: { tags: ['auth'], summary: 'Sign in' } },
    '/api/v1/blog': { get: { tags: ['blog'], summary: 'Articles' } },
    '/api/v1/jobs': { post: { tags: ['jobs'], summary: 'Submit a job' } },
    '/api/v1/jobs/{id}': { get: { tags: ['jobs'], summary: 'One job' } },
    '/api/v1/credits/balance': { get: { tags: ['credits'], summary: 'Balance' } },
  },
};

const names = (includeAdmin: boolean) => groupOperations(doc, collectOperations(doc), { includeAdmin }).map((group) => group.name);

describe('groupOperations', () => {
  it('puts the groups that take an API key first (most such routes first), then the other user groups by name, and leaves admin routes out', () => {
    expect(names(false)).toEqual(['Jobs', 'Credits', 'Auth', 'Blog']);
    const [jobs] = groupOperations(doc, collectOperations(doc), { includeAdmin: false });
    expect(jobs!.description).toBe('AI services, uploads and jobs (API keys accepted)');
    expect(jobs!.operations.map((op) => op.summary)).toEqual(['Submit a job', 'One job']);
  });

  it('adds the admin routes for admins, after every user group, an admin route with a user tag included', () => {
    expect(names(true)).toEqual(['Jobs', 'Credits', 'Auth', 'Blog', 'Admin', 'Admin: Jobs']);
    const groups = groupOperations(doc, collectOperations(doc), { includeAdmin: true });
    expect(groups.map((group) => group.isAdmin)).toEqual([false, false, false, false, true, true]);
  });
});
