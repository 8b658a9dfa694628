// Writes src/generated/openapi.ts from the server's OpenAPI document, built in this process (no server
// needed):   npm run generate -w @lumen/sdk
import { writeFile } from 'node:fs/promises';
import { relative } from 'node:path';
import { GENERATED_TYPES_PATH, generateTypes } from './generated-types.ts';

const source = await generateTypes();
await writeFile(GENERATED_TYPES_PATH, source);
console.log(`wrote ${relative(process.cwd(), GENERATED_TYPES_PATH)} (${source.split('\n').length} lines)`);
