import { readdirSync } from 'node:fs';
import { setPriority } from 'node:os';

/**
 * The bare upload pipeline's image process (bare-upload-server.ts): the same re-encoding as the server's, at the
 * same lower priority (decision 052), taking a spooled file's path and writing the result to the path given.
 */
setPriority(10);
for (const thread of readdirSync('/proc/self/task')) setPriority(Number(thread), 10);
const { processImageToFile } = await import('../../src/server/lib/images.ts');

process.on('message', async (job: { id: number; path: string; head: Uint8Array; output: string }) => {
  await processImageToFile({ path: job.path, head: job.head }, { allowed: ['jpeg', 'png'] }, job.output);
  process.send?.({ id: job.id });
});
process.on('disconnect', () => process.exit(0));
