import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { Db } from '../src/server/db/client.ts';

/** Noise barely compresses, so a JPEG of noise weighs what a large phone photo does at the same size. */
export function noisyJpeg(width: number, height: number): Promise<Buffer> {
  return sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

/**
 * A photo-weight JPEG: a colour gradient with grain. At 4000×3000 (12 MP) it weighs about 4.1 MB, as a
 * phone camera's photo does, and decodes and encodes like one.
 */
export function grainyPhoto(width = 4000, height = 3000): Promise<Buffer> {
  const grain = randomBytes(width * height * 3);
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const at = (y * width + x) * 3;
      pixels[at] = Math.min(255, Math.floor((x * 255) / width) + ((grain[at] ?? 0) % 46));
      pixels[at + 1] = Math.min(255, Math.floor((y * 255) / height) + ((grain[at + 1] ?? 0) % 46));
      pixels[at + 2] = Math.min(255, 128 + ((grain[at + 2] ?? 0) % 46));
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** The p-th quantile (0…1) of some samples. */
export function quantile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length - 1) * p))] ?? 0;
}

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

export const round = (ms: number) => Math.round(ms * 10) / 10;

/** A process's peak resident memory (VmHWM), in MB; this process by default. */
export async function peakRssMb(pid: number | 'self' = 'self'): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

/** `count` creators spread over the seven statuses, a second apart, in one statement. */
export async function seedCreators(db: Db, count: number): Promise<void> {
  await db.execute(sql`
    insert into creators (creator_id, status, name, language, gender, contact_method, contact_info,
                          agency_goals, recruiter_name, created_at)
    select 'RC-' || upper(lpad(to_hex(i), 8, '0')),
           (array['pending','stage2_sent','stage2_submitted','listed','matched','finalized','cancelled'])[1 + i % 7],
           'Creator ' || i, 'English', 'Female', 'Email', 'creator' || i || '@example.com',
           'Grow', 'Walk-in', now() - make_interval(secs => i)
    from generate_series(1, ${count}) as i`);
  await db.execute(sql`analyze creators`);
}

/** CPU time used so far, in milliseconds: by one process (from /proc), or by the whole machine, idle excluded. */
export async function cpuMs(pid: number | 'self' | 'machine'): Promise<number> {
  if (pid === 'machine') {
    const [, ...fields] = (await readFile('/proc/stat', 'utf8')).split('\n')[0]?.trim().split(/\s+/) ?? [];
    const jiffies = fields.map(Number);
    // user nice system idle iowait irq softirq steal: all but idle and iowait are busy.
    const busy = jiffies.reduce((sum, value, index) => (index === 3 || index === 4 ? sum : sum + value), 0);
    return busy * 10;
  }
  const fields = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) * 10;
}
