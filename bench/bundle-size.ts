import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const CLIENT = path.resolve('dist/client');

/**
 * What the landing page downloads before it can render: the entry script, the modules it preloads
 * and its stylesheets, as listed in the built index.html (gzip sizes).
 */
export async function measureFirstLoad() {
  const html = await readFile(path.join(CLIENT, 'index.html'), 'utf8');
  const refs = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1] ?? '');
  const files = await Promise.all(
    [...new Set(refs)].map(async (ref) => {
      const data = await readFile(path.join(CLIENT, ref));
      return { file: ref, bytes: data.length, gzip: gzipSync(data, { level: 9 }).length };
    }),
  );
  const js = files.filter((f) => f.file.endsWith('.js')).reduce((sum, f) => sum + f.gzip, 0);
  const css = files.filter((f) => f.file.endsWith('.css')).reduce((sum, f) => sum + f.gzip, 0);
  return { files, firstLoadJsGzipKiB: +(js / 1024).toFixed(1), firstLoadCssGzipKiB: +(css / 1024).toFixed(1) };
}
