import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // A module's tables.ts, or one per flow inside it (payments/card/tables.ts, …: decision 096).
  schema: './src/modules/**/tables.ts',
  out: './drizzle',
});
