import { runAdminCli } from './admin-cli.ts';

/** `npm run admin -- <command>`: see USAGE in admin-cli.ts. */
// What it writes (a restored data directory, a backup, a key file) is its user's alone, as the server's is.
process.umask(0o077);
const exitCode = await runAdminCli(process.argv.slice(2), {
  stdin: process.stdin,
  stdout: process.stdout,
  stderr: process.stderr,
  env: process.env,
});
// Explicit exit: a paused stdin or a driver's idle timer must not keep the process waiting.
process.exit(exitCode);
