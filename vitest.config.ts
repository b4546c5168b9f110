import { configDefaults, defineConfig } from 'vitest/config';

const serverTests = ['src/server/**/*.test.ts'];
/** Admin components rendered in jsdom whose calls the real app answers (tests/component/app-fetch.ts). */
const componentTests = ['src/client/**/*.component.test.tsx'];
const withPostgres = Boolean(process.env.TEST_DATABASE_URL);
/** Migrates one database per run that each server test file copies (tests/setup/database-template.ts). */
const databaseTemplate = './tests/setup/database-template.ts';
/** Fails a server test whose replies do not match the API document (tests/setup/api-contract.ts). */
const apiContractHooks = './tests/setup/api-contract-hooks.ts';

/**
 * The server suite runs once on PGlite and, when TEST_DATABASE_URL is set, again on PostgreSQL
 * (DESIGN §7), as does the two-instance test behind nginx; browser journeys run last, two files at a
 * time, against the production build. Component tests render admin pieces in jsdom against the app on PGlite.
 */
export default defineConfig({
  test: {
    // Vitest leaves one core free by default, which on a two-core machine means one test file at a time;
    // the files wait on databases, servers and Chromium far more than on the processor.
    maxWorkers: 4,
    reporters: ['default', './tests/setup/summary-reporter.ts'],
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/shared/**/*.test.ts', 'src/client/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...componentTests],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'component',
          include: componentTests,
          // jsdom, with Node's binary data beside the app in the same process (tests/component/jsdom-environment.ts).
          environment: './tests/component/jsdom-environment.ts',
          env: { TEST_DB_DRIVER: 'pglite' },
          globalSetup: [databaseTemplate],
          setupFiles: [apiContractHooks],
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'server-pglite',
          include: serverTests,
          isolate: false,
          env: { TEST_DB_DRIVER: 'pglite' },
          globalSetup: [databaseTemplate],
          setupFiles: [apiContractHooks],
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
      ...(withPostgres
        ? [
            {
              test: {
                name: 'server-postgres',
                include: serverTests,
                isolate: false,
                env: { TEST_DB_DRIVER: 'postgres' },
                globalSetup: [databaseTemplate],
                setupFiles: [apiContractHooks],
                testTimeout: 20_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
      // Real app processes behind nginx on one PostgreSQL (issue "Scale-out"): needs the production build.
      ...(withPostgres
        ? [
            {
              test: {
                name: 'scale-out',
                include: ['tests/scale-out/**/*.test.ts'],
                testTimeout: 60_000,
                hookTimeout: 120_000,
                fileParallelism: false,
              },
            },
          ]
        : []),
      // The Dockerfile's image built and run with podman (tests/deploy): minutes of building, so it runs last,
      // alone, after the browser journeys; it skips, saying why, where podman cannot run a container.
      {
        test: {
          name: 'container',
          include: ['tests/deploy/**/*.test.ts'],
          sequence: { groupOrder: 2 },
          fileParallelism: false,
          testTimeout: 300_000,
          hookTimeout: 300_000,
        },
      },
      {
        test: {
          name: 'browser',
          include: ['tests/e2e/**/*.spec.ts'],
          // A journey is a server, a Chromium and a test process at once: two at a time is what two cores carry
          // without a click waiting on the processor for tens of seconds, and they run after the rest, alone.
          sequence: { groupOrder: 1 },
          maxWorkers: 2,
          globalSetup: ['./tests/setup/e2e-chromium.ts', './tests/setup/e2e-data-template.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
