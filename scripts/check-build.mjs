// `npm start`'s first step (npm runs `prestart` before `start`): a clear sentence instead of Node's "Cannot find
// module" when the production build has not been made yet.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const built = ['../dist/server/index.js', '../dist/client/index.html'].every((file) =>
  existsSync(fileURLToPath(new URL(file, import.meta.url))),
);
if (!built) {
  console.error('No production build found. Run `npm run build` first, then `npm start`.');
  process.exit(1);
}
