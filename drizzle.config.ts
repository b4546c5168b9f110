import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: ['./src/server/db/schema.ts', './src/server/db/insights-schema.ts', './src/server/db/staff-work-schema.ts'],
  out: './drizzle',
});
