import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startServer } from '#tests/e2e/support/server.ts';

/** Time from spawning the production server to a passing /readyz, on a new and on an existing DATA_DIR. */
export async function measureColdStart() {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'rollick-bench-'));
  try {
    const timeStart = async () => {
      const started = performance.now();
      const server = await startServer({ dataDir });
      const ms = Math.round(performance.now() - started);
      await server.stop();
      return ms;
    };
    const firstStartMs = await timeStart();
    const restartMs = await timeStart();
    return { firstStartMs, restartMs };
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}
