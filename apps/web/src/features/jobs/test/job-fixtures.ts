import { serviceKeys, serviceNames, defaultServiceCosts } from '@lumen/core/services/catalogue';
import type { ServiceKey } from '@lumen/core/services/catalogue';
import type { SalesReport } from '@lumen/core/services/sales-report';
import type { Job, JobListItem, JobOutput, ServiceInfo, Upload } from '../api/job-types.ts';

let counter = 0;
export const uuid = () => {
  counter += 1;
  return `00000000-0000-4000-8000-${String(counter).padStart(12, '0')}`;
};

export function makeServices(costs: Partial<Record<ServiceKey, number>> = {}): ServiceInfo[] {
  return serviceKeys.map((key) => ({
    key,
    name: serviceNames[key],
    description: `${serviceNames[key]} description from the server`,
    cost: costs[key] ?? defaultServiceCosts[key],
    outputKind: key === 'speedpainting' ? 'video' : key === 'sound-generator' ? 'audio' : key === 'sales-pilot' ? 'report' : 'image',
    engine: { kind: 'builtin', label: `Built-in ${key} engine (offline)`, provider: null, model: null },
    files: [],
  }));
}

export function makeOutput(overrides: Partial<JobOutput> = {}): JobOutput {
  const id = uuid();
  return {
    id,
    kind: 'image',
    name: 'generated-1.png',
    contentType: 'image/png',
    size: 1000,
    previewUrl: `/api/v1/files/preview-${id}`,
    preview: false,
    ...overrides,
  };
}

export function makeJob(overrides: Partial<Job> = {}): Job {
  return {
    id: uuid(),
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
    outputs: [makeOutput()],
    summary: null,
    canDownload: true,
    ...overrides,
  };
}

/** A job as GET /jobs lists it (with its first input, null by default). */
export function makeJobListItem(overrides: Partial<JobListItem> = {}): JobListItem {
  return { ...makeJob(overrides), input: null, ...overrides };
}

export function makeUpload(overrides: Partial<Upload> = {}): Upload {
  const id = uuid();
  return {
    id,
    purpose: 'image',
    name: 'photo.png',
    contentType: 'image/png',
    size: 2048,
    width: 640,
    height: 480,
    previewUrl: `/api/v1/files/upload-${id}`,
    createdAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

export function paginated<T>(items: T[], page = 1, limit = 12, total = items.length) {
  return { items, page, limit, total, totalPages: Math.max(1, Math.ceil(total / limit)) };
}

export function makeReport(): SalesReport {
  return {
    version: 1,
    language: 'en',
    source: { format: 'vtt', hasTimestamps: true, turns: 12, words: 400, durationSeconds: 600 },
    speakers: [
      {
        name: 'Anna',
        isSeller: true,
        turns: 6,
        words: 180,
        wordShare: 0.45,
        seconds: 250,
        timeShare: 0.42,
        questions: 5,
        openQuestions: 3,
        closedQuestions: 2,
        longestTurnWords: 40,
      },
      {
        name: 'Ben',
        isSeller: false,
        turns: 6,
        words: 220,
        wordShare: 0.55,
        seconds: 350,
        timeShare: 0.58,
        questions: 1,
        openQuestions: 0,
        closedQuestions: 1,
        longestTurnWords: 60,
      },
    ],
    questions: [{ speaker: 'Anna', text: 'How does your team handle this today?', kind: 'open', at: 30 }],
    objections: [
      { category: 'price', speaker: 'Ben', quote: 'Honestly it is too expensive for us.', cue: 'too expensive', at: 200, handled: true },
      { category: 'timing', speaker: 'Ben', quote: 'We cannot start before next quarter.', cue: 'next quarter', at: 400, handled: false },
    ],
    sentiment: {
      overall: 0.2,
      segments: [
        { index: 0, start: 0, end: 60, score: 0.1, label: 'neutral' },
        { index: 1, start: 60, end: 120, score: -0.4, label: 'negative' },
        { index: 2, start: 120, end: 180, score: 0.6, label: 'positive' },
      ],
    },
    topics: [{ term: 'onboarding', mentions: 4, weight: 0.8 }],
    nextSteps: [{ speaker: 'Anna', text: 'Send the proposal', due: 'Thursday', at: 580 }],
    score: {
      value: 72,
      verdict: 'Solid call',
      reasons: [
        { criterion: 'talk-ratio', points: 20, maxPoints: 20, good: true, detail: 'The seller talked 42% of the time' },
        { criterion: 'objections', points: 10, maxPoints: 20, good: false, detail: 'One of two objections was answered' },
      ],
    },
  };
}

/**
 * XMLHttpRequest for uploads in jsdom: sends through the (mocked) global fetch and reports
 * progress, so POST /uploads is answered by the same fetch mock as every other call.
 */
export class FetchBackedXhr {
  status = 0;
  responseText = '';
  withCredentials = false;
  upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  private method = 'GET';
  private url = '';
  private headers: Record<string, string> = {};
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    void (async () => {
      try {
        this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
        const response = await fetch(this.url, { method: this.method, headers: this.headers, body });
        this.status = response.status;
        this.responseText = await response.text();
        this.onload?.();
      } catch {
        this.onerror?.();
      }
    })();
  }
}
