// `node scripts/check-doc-references.mjs` (part of `npm run lint`): fails when a tracked file points at a document
// that does not exist: a `docs/….md` path, a `docs/decisions/NNN…` path or a "decision NNN" that names no record,
// or a relative Markdown link in a .md file.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { root } from './paths.mjs';

const textFile = /\.(ts|tsx|mts|mjs|cjs|js|md|ya?ml|json|sh)$|(^|\/)(Dockerfile|run)$/;
const decisionsDir = join(root, 'docs/decisions');

/** Decision records by number: '046' -> '046-compiled-production-server.md'. */
function decisionRecords() {
  const records = new Map();
  for (const name of readdirSync(decisionsDir)) {
    const match = /^(\d{3})-.+\.md$/.exec(name);
    if (match) records.set(match[1], name);
  }
  return records;
}

/** Every broken reference in one file's text, as "line: reference (why)". */
export function brokenReferences(path, text, records, exists = (p) => existsSync(join(root, p))) {
  const problems = [];
  const lines = text.split('\n');
  lines.forEach((line, index) => {
    const where = `${path}:${index + 1}`;
    for (const [, number, rest] of line.matchAll(/docs\/decisions\/(\d{3})([A-Za-z0-9_-]*(?:\.md)?)/g)) {
      const record = records.get(number);
      if (!record) problems.push(`${where}: docs/decisions/${number}${rest} (no decision ${number})`);
      else if (rest.length > 0 && `${number}${rest}` !== record && `${number}${rest}.md` !== record) {
        problems.push(`${where}: docs/decisions/${number}${rest} (decision ${number} is ${record})`);
      }
    }
    for (const [, number] of line.matchAll(/\b[Dd]ecisions? (\d{3})\b/g)) {
      if (!records.has(number)) problems.push(`${where}: decision ${number} (no such record)`);
    }
    for (const [reference] of line.matchAll(/\bdocs\/(?!decisions\/\d)[A-Za-z0-9_./-]+\.md\b/g)) {
      if (!exists(reference)) problems.push(`${where}: ${reference} (no such file)`);
    }
    if (path.endsWith('.md')) {
      for (const [, target] of line.matchAll(/\]\(([^)#\s]+\.md)(?:#[^)]*)?\)/g)) {
        if (/^[a-z]+:/.test(target)) continue;
        const resolved = join(dirname(path), target);
        if (!exists(resolved)) problems.push(`${where}: ${target} (no such file)`);
      }
    }
  });
  return problems;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const records = decisionRecords();
  const files = execFileSync('git', ['ls-files'], { cwd: root, encoding: 'utf8' })
    .split('\n')
    .filter((path) => textFile.test(path) && existsSync(join(root, path)));
  const problems = files.flatMap((path) => brokenReferences(path, readFileSync(join(root, path), 'utf8'), records));
  if (problems.length > 0) {
    console.error(`References to documents that do not exist (${problems.length}):\n  ${problems.join('\n  ')}`);
    process.exit(1);
  }
  console.log(`Document references: ${files.length} files checked, every reference resolves.`);
}
