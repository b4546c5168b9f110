import { readdirSync } from 'node:fs';
import { setPriority } from 'node:os';

/**
 * The bare upload pipeline's image process (bare-upload-server.ts): the same re-encoding as the server's, at the
 * same lower priority (decision 052), taking a spooled file's path and answering the result over IPC.
 */
setPriority(10);
for (const thread of readdirSync('/proc/self/task')) setPriority(Number(thread), 10);
const { processImage } = await import('../../src/server/lib/images.ts');

process.on('message', async (job: { id: number; path: string; head: Uint8Array }) => {
  const image = await processImage({ path: job.path, head: job.head }, { allowed: ['jpeg', 'png'] });
  process.send?.({ id: job.id, data: image.data });
});
process.on('disconnect', () => process.exit(0));
