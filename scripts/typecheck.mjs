// Type-checks with TypeScript 7, the native compiler (installed as @typescript/native): half the CPU time of
// TypeScript 5.9 and, on two cores, a third of the wait. TypeScript 5.9 stays installed as `typescript` because the
// tools that parse or print TypeScript (typescript-eslint, the SDK's generator and build) need its JavaScript API,
// which TypeScript 7 does not have. Both packages declare a `tsc` command, so node_modules/.bin/tsc may be either
// one: the workspaces' `typecheck` scripts run this file instead (docs/decisions/103-typescript-7-for-type-checks.md).
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const native = dirname(createRequire(import.meta.url).resolve('@typescript/native/package.json'));
const { status } = spawnSync(process.execPath, [join(native, 'bin/tsc'), ...process.argv.slice(2)], { stdio: 'inherit' });
process.exit(status ?? 1); // null: ended by a signal
