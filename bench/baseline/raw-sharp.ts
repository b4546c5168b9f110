import { readFile } from 'node:fs/promises';
import { processImage } from '../../src/server/lib/images.ts';
import { peakRssMb } from '../support.ts';

/**
 * The baseline for upload throughput: the same re-encoding the server does (lib/images.ts, same sharp
 * settings), `jobs` at a time on the same cores, with nothing else around it. Prints one JSON line.
 * Usage: raw-sharp.ts <photo file> <jobs> <seconds>
 */
const [file = '', jobsArg = '2', secondsArg = '60'] = process.argv.slice(2);
const photo = await readFile(file);
const seconds = Number(secondsArg);
const deadline = performance.now() + seconds * 1000;
let encoded = 0;
const started = performance.now();
const cpuBefore = process.cpuUsage();
await Promise.all(
  Array.from({ length: Number(jobsArg) }, async () => {
    while (performance.now() < deadline) {
      await processImage(photo, { allowed: ['jpeg'] });
      encoded++;
    }
  }),
);
const elapsed = (performance.now() - started) / 1000;
const cpu = process.cpuUsage(cpuBefore);
const result = {
  encoded,
  perSecond: Math.round((encoded / elapsed) * 100) / 100,
  cpuMsPerImage: Math.round((cpu.user + cpu.system) / 1000 / encoded),
  peakRssMb: await peakRssMb(),
};
process.stdout.write(`${JSON.stringify(result)}\n`);
