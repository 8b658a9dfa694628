import type { CommunityPost, ModerationPost } from '@lumen/core/community/schemas';
import type { Job } from '@lumen/core/jobs/schemas';

let counter = 0;
const uuid = () => {
  counter += 1;
  return `10000000-0000-4000-8000-${String(counter).padStart(12, '0')}`;
};

export function makePost(overrides: Partial<CommunityPost> = {}): CommunityPost {
  const id = overrides.id ?? uuid();
  return {
    id,
    service: 'image-generator',
    title: null,
    prompt: 'A red fox in a misty forest',
    isToolPrompt: true,
    author: { name: 'Ada L.' },
    featured: false,
    media: { kind: 'image', contentType: 'image/png', url: `/api/v1/community/posts/${id}/media` },
    likes: 0,
    likedByMe: false,
    isMine: false,
    status: 'published',
    moderation: 'new',
    createdAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

export function makeModerationPost(overrides: Partial<ModerationPost> = {}): ModerationPost {
  return {
    ...makePost(),
    author: { id: uuid(), name: 'Ada Lovelace', email: 'ada@example.com' },
    openReports: 0,
    reports: [],
    history: [],
    ...overrides,
  };
}

export const paginated = <T>(items: T[], page = 1, limit = 12, total = items.length) => ({
  items,
  page,
  limit,
  total,
  totalPages: Math.ceil(total / limit),
});

export function makeFinishedJob(overrides: Partial<Job> = {}): Job {
  const id = uuid();
  return {
    id,
    service: 'image-generator',
    status: 'succeeded',
    progress: 1,
    params: { prompt: 'a red fox' },
    cost: 1,
    engine: { kind: 'builtin', label: 'Built-in procedural painter (offline)' },
    error: null,
    refunded: false,
    createdAt: '2026-11-20T10:00:00.000Z',
    startedAt: '2026-11-20T10:00:01.000Z',
    finishedAt: '2026-11-20T10:00:03.000Z',
    durationMs: 2000,
    outputs: [
      {
        id: uuid(),
        kind: 'image',
        name: 'generated-1.png',
        contentType: 'image/png',
        size: 1000,
        previewUrl: `/api/v1/files/preview-${id}`,
        preview: false,
      },
    ],
    summary: null,
    canDownload: true,
    ...overrides,
  };
}
