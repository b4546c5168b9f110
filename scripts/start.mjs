// `npm start`: runs the production server, after checking that `npm run build` has produced it.
//
// The server runs as a child of this script, with the runtime settings of server-runtime.json, which
// only take effect when a process starts (README: performance):
// - MALLOC_ARENA_MAX=2: glibc's allocator otherwise gives each thread that allocates (sharp's image
//   work runs on several) an arena of its own and keeps hundreds of megabytes it no longer uses.
// - --initial-old-space-size: an upload keeps many small objects alive for its whole duration; with
//   V8's tight default heap they were collected by a full garbage collection every other upload.
// - --max-semi-space-size=8: V8's young heap otherwise grows to 48 MB and keeps it; what dies young (a
//   request's objects, a streamed batch) dies as well in 24, and the server stays within its memory budget.
// - --no-liftoff: the embedded database is PostgreSQL compiled to WebAssembly; V8 otherwise compiles it twice,
//   quickly first and then optimised, and keeps both, some 45 MB more. Optimised only, it starts about a
//   second later and answers as fast from its first query.
// Variables already set in the environment win. Signals are passed on, and the child's exit code is ours.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { constants } from 'node:os';
import { fileURLToPath } from 'node:url';

const server = fileURLToPath(new URL('../dist/server/index.js', import.meta.url));
const client = fileURLToPath(new URL('../dist/client/index.html', import.meta.url));
if (!existsSync(server) || !existsSync(client)) {
  console.error('No production build found. Run `npm run build` first, then `npm start`.');
  process.exit(1);
}

const runtime = JSON.parse(readFileSync(new URL('./server-runtime.json', import.meta.url), 'utf8'));
const child = spawn(process.execPath, [...runtime.nodeFlags, server, ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...runtime.env, ...process.env },
});
for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? 128 + (constants.signals[signal] ?? 0)));
