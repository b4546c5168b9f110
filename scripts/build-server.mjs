// Bundles the server, the admin CLI and the embedded database's worker into dist/server (dependencies stay in node_modules), then
// writes gzip and brotli copies of the client's text assets so they are served pre-compressed.
import { execFileSync } from 'node:child_process';
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { build } from 'esbuild';

await build({
  // The embedded database's worker thread and the image process are entries of their own: each is started from a
  // file, next to these.
  entryPoints: {
    index: 'src/server/index.ts',
    'admin-cli': 'src/server/cli/admin.ts',
    'pglite-worker': 'src/server/db/pglite-worker.ts',
    'image-worker': 'src/server/lib/image-worker.ts',
    'build-data-template': 'src/server/db/build-data-template.ts',
  },
  outdir: 'dist/server',
  bundle: true,
  platform: 'node',
  format: 'esm',
  // Modules imported with import() become chunks of their own, so what they import loads only when they do
  // (the AWS SDK without a bucket, the Redis client without REDIS_URL). Chunks sit next to the entries, so
  // a path resolved from import.meta.url means the same in either.
  splitting: true,
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});

const COMPRESSIBLE = /\.(js|css|svg|json|html|txt|map)$/;
const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

async function* files(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    // Dot folders (the build manifest, the pages rendered ahead of time) are never served as files.
    if (entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else yield full;
  }
}

let compressed = 0;
for await (const file of files('dist/client')) {
  if (!COMPRESSIBLE.test(file) || file.endsWith('index.html') || (await stat(file)).size < 256) continue;
  const data = await readFile(file);
  await writeFile(`${file}.gz`, await gzipAsync(data, { level: 9 }));
  await writeFile(`${file}.br`, await brotliAsync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  compressed++;
}
console.log(`server bundled to dist/server; ${compressed} client assets pre-compressed`);

// A cluster created and migrated once, which a first start on an empty DATA_DIR copies (src/server/db/pglite-template.ts).
// Baseline WebAssembly code only: the script runs for seconds, too briefly for optimised code to pay off.
execFileSync(process.execPath, ['--no-wasm-tier-up', 'dist/server/build-data-template.js'], { stdio: 'inherit' });
console.log('embedded data template written to dist/data-template');
