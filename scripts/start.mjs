// `npm start`: runs the production server in this same process (so SIGTERM reaches it directly), after
// checking that `npm run build` has produced it.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const server = new URL('../dist/server/index.js', import.meta.url);
const client = new URL('../dist/client/index.html', import.meta.url);
if (!existsSync(fileURLToPath(server)) || !existsSync(fileURLToPath(client))) {
  console.error('No production build found. Run `npm run build` first, then `npm start`.');
  process.exit(1);
}
await import(server.href);
