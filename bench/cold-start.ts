import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { startServer } from '#tests/e2e/support/server.ts';
import { median, peakRssMb, rssMb } from './support.ts';

/**
 * How long the server's memory is watched after /readyz: V8 and the allocator give back what start-up used
 * over the first half-minute or so, and what is left after a minute is what the server keeps while idle.
 */
const SETTLE_S = 60;

/**
 * Time from spawning the production server to a passing /readyz, and its resident memory a minute later
 * (the median of the last ten seconds) and at its peak, on a new and on an existing DATA_DIR. A first start
 * creates and migrates the database; WebAssembly memory never shrinks, so it must do so where nothing stays
 * behind (docs/decisions/045): `firstToRestartRss` near 1 says it does.
 */
export async function measureColdStart() {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'rollick-bench-'));
  try {
    const start = async () => {
      const started = performance.now();
      const server = await startServer({ dataDir, readyWithinMs: 120_000 });
      const ms = Math.round(performance.now() - started);
      const samples: number[] = [];
      for (let second = 0; second < SETTLE_S; second++) {
        await sleep(1_000);
        samples.push(await rssMb(server.pid));
      }
      const peakMb = await peakRssMb(server.pid);
      await server.stop();
      return { ms, rssMb: median(samples.slice(-10)), peakRssMb: peakMb };
    };
    const first = await start();
    const restart = await start();
    return {
      firstStartMs: first.ms,
      restartMs: restart.ms,
      firstStartRssMb: first.rssMb,
      restartRssMb: restart.rssMb,
      firstToRestartRss: Math.round((first.rssMb / restart.rssMb) * 100) / 100,
      firstStartPeakRssMb: first.peakRssMb,
      restartPeakRssMb: restart.peakRssMb,
    };
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}
