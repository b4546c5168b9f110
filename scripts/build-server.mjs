// Bundles the server, the admin CLI and the embedded database's worker into dist/server, with the dependencies that
// are plain JavaScript, then writes gzip and brotli copies of the client's text assets so they are served
// pre-compressed.
import { execFileSync } from 'node:child_process';
import { readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { isBuiltin } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { build } from 'esbuild';

/**
 * Dependencies left in node_modules and loaded from there at run time. The rest are bundled: a start that resolved,
 * opened and wrapped each of some four hundred files spent about a quarter of a second on it (docs/performance.md,
 * "Start-up"). These stay:
 * - those that carry files beside their code, found through __dirname or import.meta.url, which in a bundle would
 *   name dist/server: native binaries, PostgreSQL's WebAssembly, the documentation page's assets and the API
 *   document's package.json, the log transports' worker;
 * - those loaded with import(): Node gives a CommonJS package's named exports to import(), a bundle only its
 *   default, and none of them loads at start anyway;
 * - development tools, imported only when the sources run unbuilt.
 * tests/e2e/server-start-graph.spec.ts checks the built graph for both kinds.
 */
const EXTERNAL = [
  // Files beside the code.
  'sharp',
  '@node-rs/argon2',
  '@electric-sql/pglite',
  '@electric-sql/pglite/*',
  '@fastify/swagger',
  '@fastify/swagger-ui',
  '@fastify/static',
  'pino',
  'pino-pretty',
  // Loaded with import(), by the server where it is used, or by the cookie plugin (its own copy of the parser).
  '@fastify/cookie',
  'yazl',
  'qrcode',
  'prom-client',
  'nodemailer',
  'ioredis',
  '@aws-sdk/*',
  'pg-native',
  // Development tools.
  'esbuild',
  'tsx',
];

// Chunks are named by their content: a build over an earlier one would leave the old ones beside the new.
await rm('dist/server', { recursive: true, force: true });
const { metafile } = await build({
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
  external: EXTERNAL,
  // A bundled CommonJS package that requires a Node built-in, or a package left external, does so through this.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  sourcemap: true,
  metafile: true,
  logLevel: 'warning',
});

// The bundle's graph: which file imports which, and the packages each holds or loads. The tests read what loads
// before the database from it (tests/e2e/server-start-graph.spec.ts).
const graph = {};
for (const [file, output] of Object.entries(metafile.outputs)) {
  if (file.endsWith('.map')) continue;
  const bundled = new Set();
  for (const input of Object.keys(output.inputs)) {
    const name = input.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/)?.[1];
    if (name) bundled.add(name);
  }
  graph[path.basename(file)] = {
    // What esbuild made the file from: a chunk that import() loads starts at its module.
    entryPoint: output.entryPoint ?? null,
    bundled: [...bundled].sort(),
    imports: [
      ...new Map(
        output.imports
          .filter((entry) => !isBuiltin(entry.path))
          .map((entry) => {
            const target = entry.external ? entry.path : path.basename(entry.path);
            return [`${entry.kind} ${target}`, { path: target, kind: entry.kind, external: Boolean(entry.external) }];
          }),
      ).values(),
    ],
  };
}
await writeFile('dist/server/bundle-graph.json', `${JSON.stringify(graph, null, 1)}\n`);

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
