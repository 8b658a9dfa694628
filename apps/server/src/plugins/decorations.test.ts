import { readFileSync, readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * No module reads a decoration another module set (docs/architecture.md, "Ports"). A module that needs what another
 * module decorates the app with calls that module's accessor (`storageOf(app)`, `mailerOf(app)`, …), an import the
 * dependency rules and the architecture map see; a higher module's help comes as a port app.ts passes. Tests are left
 * out: they may look at anything. Decorations set by app.ts and plugins/ (config, db, clock, …) are the platform's.
 */

const MODULES_DIR = fileURLToPath(new URL('../modules/', import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

type Decoration = { module: string; on: 'app' | 'request' };
type Source = { file: string; module: string; text: string };

const SETS = /\.decorate(Request)?\(\s*['"](\w+)['"]/g;
/** `app.x`, `api.x`, `request.server.x`, …: a read of an instance decoration. */
const READS_APP = /(?:\b(?:app|api|scope|instance|fastify|server)|\.server)\.(\w+)\b/g;
/** `request.x`: a read of a request decoration. */
const READS_REQUEST = /\b(?:request|req)\.(\w+)\b/g;

/** Every decoration a module sets, by name, and every read of one by a module that did not set it. */
export function crossModuleDecorationReads(sources: Source[]): { decorations: Map<string, Decoration>; reads: string[] } {
  const decorations = new Map<string, Decoration>();
  for (const { module, text } of sources) {
    for (const [, request, name] of text.matchAll(SETS)) decorations.set(name!, { module, on: request ? 'request' : 'app' });
  }
  const reads: string[] = [];
  for (const { file, module, text } of sources) {
    // Comments may name a decoration; a comment is blanked (its line breaks kept) and a line's `//` rest dropped.
    const code = text.replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, ' '));
    const lines = code.split('\n').map((line) => line.replace(/(^|\s)\/\/.*$/, ''));
    lines.forEach((line, index) => {
      for (const [pattern, on] of [
        [READS_APP, 'app'],
        [READS_REQUEST, 'request'],
      ] as const) {
        for (const [, name] of line.matchAll(pattern)) {
          const decoration = decorations.get(name!);
          if (!decoration || decoration.on !== on || decoration.module === module) continue;
          reads.push(`${file}:${index + 1} reads ${on}.${name}, which ${decoration.module}/ decorates`);
        }
      }
    });
  }
  return { decorations, reads };
}

function moduleSources(): Source[] {
  return sourceFiles(MODULES_DIR).map((path) => {
    const file = relative(MODULES_DIR, path).split(sep).join('/');
    return { file, module: file.split('/')[0]!, text: readFileSync(path, 'utf8') };
  });
}

describe('decorations', () => {
  it('no module reads a decoration another module set', () => {
    const { decorations, reads } = crossModuleDecorationReads(moduleSources());
    // The scan sees the modules' decorations (it cannot pass by finding none).
    expect(decorations.get('storage')).toEqual({ module: 'files', on: 'app' });
    expect(decorations.get('mailer')).toEqual({ module: 'mail', on: 'app' });
    expect(decorations.get('apiKey')).toEqual({ module: 'api-keys', on: 'request' });
    expect(reads).toEqual([]);
  });

  it('finds a read of another module’s decoration', () => {
    const sources: Source[] = [
      { file: 'mail/mail.plugin.ts', module: 'mail', text: "app.decorate('mailer', mailer);" },
      { file: 'blog/blog.routes.ts', module: 'blog', text: '/** app.mailer */ const a = 1; // app.mailer\nsend(request.server.mailer);' },
      { file: 'mail/mailer.ts', module: 'mail', text: 'app.mailer.send();' },
    ];
    expect(crossModuleDecorationReads(sources).reads).toEqual(['blog/blog.routes.ts:2 reads app.mailer, which mail/ decorates']);
  });
});
