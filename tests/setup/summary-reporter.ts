import path from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

/** How many of the slowest test files the closing lines name. */
const SLOWEST = 12;

/**
 * Prints plain closing lines any CI can read without knowing Vitest's own summary format: the slowest test
 * files with their project, so a run that grows shows where its time went, then
 * "Tests: N passed, N failed, N skipped".
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    for (const module of testModules) {
      let failedHere = 0;
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') passed++;
        else if (state === 'failed') failedHere++;
        else skipped++;
      }
      // A file that failed outside its tests (an import, a hook) counts once, as Vitest's own summary does.
      failed += module.state() === 'failed' && failedHere === 0 ? 1 : failedHere;
    }
    const slowest = [...testModules]
      .map((module) => ({ module, ms: module.diagnostic().duration }))
      .sort((a, b) => b.ms - a.ms)
      .slice(0, SLOWEST);
    const lines = slowest.map(
      ({ module, ms }) =>
        `  ${(ms / 1000).toFixed(1).padStart(6)} s  ${module.project.name.padEnd(16)} ${path.relative(process.cwd(), module.moduleId)}`,
    );
    process.stdout.write(`\nSlowest test files:\n${lines.join('\n')}\n`);
    process.stdout.write(`\nTests: ${passed} passed, ${failed} failed, ${skipped} skipped\n`);
  }
}
