import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * Imports run one way (architecture §9.15): `npm run lint` fails on an import cycle, type-only ones included.
 * Runs the repository's own Biome set-up on a few throw-away modules inside the project, so a change to
 * biome.json that turns the rule off or lets type cycles through fails here.
 */
const probe = mkdtempSync(join('scripts', 'import-cycle-probe-'));

const modules: Record<string, string> = {
  // A value cycle: each module calls the other.
  'value-a.ts': "import { b } from './value-b.ts';\n\nexport const a = (): number => b() + 1;\n",
  'value-b.ts': "import { a } from './value-a.ts';\n\nexport const b = (): number => a() - 1;\n",
  // A cycle of types alone, which the bundle erases but a reader still has to untangle.
  'type-a.ts': "import type { B } from './type-b.ts';\n\nexport type A = { b: B };\n",
  'type-b.ts': "import type { A } from './type-a.ts';\n\nexport type B = { a?: A };\n",
  // One way: no diagnostic.
  'lower.ts': 'export const lower = 1;\n',
  'upper.ts': "import { lower } from './lower.ts';\n\nexport const upper = lower + 1;\n",
};

afterAll(() => rmSync(probe, { recursive: true, force: true }));

describe('the import-cycle lint rule', () => {
  it('fails the lint on value and type-only cycles, and on nothing else', { timeout: 60_000 }, () => {
    for (const [name, text] of Object.entries(modules)) writeFileSync(join(probe, name), text);

    const run = spawnSync(join('node_modules', '.bin', 'biome'), ['lint', '--reporter=json', probe], {
      encoding: 'utf8',
    });
    const report = JSON.parse(run.stdout) as {
      diagnostics: { category: string; severity: string; location: { path: string } }[];
    };
    const flagged = report.diagnostics.map(({ category, severity, location }) => ({
      category,
      severity,
      file: location.path.slice(probe.length + 1),
    }));

    expect(run.status).not.toBe(0);
    expect(flagged.sort((x, y) => x.file.localeCompare(y.file))).toEqual(
      ['type-a.ts', 'type-b.ts', 'value-a.ts', 'value-b.ts'].map((file) => ({
        category: 'lint/suspicious/noImportCycles',
        severity: 'error',
        file,
      })),
    );
  });
});
