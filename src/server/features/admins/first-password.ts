import { chmod, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { AdminCredentials } from './admins.service.ts';

export const FIRST_PASSWORD_FILE = 'first-admin-password.txt';

export interface PasswordOutlet {
  /** The operator's terminal, when the server runs in one. */
  terminal: (NodeJS.WritableStream & { isTTY?: boolean }) | undefined;
  dataDir: string;
}

/**
 * The generated first password goes where only the operator sees it (issue: it was in the JSON log): on a
 * terminal it is shown once; otherwise (a service manager, a container) it is written to a file only the
 * server's user can read, whose path the log names. Returns the words the log line uses.
 */
export async function revealFirstPassword(credentials: AdminCredentials, outlet: PasswordOutlet): Promise<string> {
  if (outlet.terminal?.isTTY) {
    outlet.terminal.write(
      `\n  First admin created. Username: ${credentials.username}  Password: ${credentials.password}\n` +
        '  This is shown only once.\n\n',
    );
    return 'shown once on the terminal';
  }
  const file = path.join(outlet.dataDir, FIRST_PASSWORD_FILE);
  await mkdir(outlet.dataDir, { recursive: true });
  await writeFile(
    file,
    `Username: ${credentials.username}\nPassword: ${credentials.password}\n` +
      'Delete this file once you have signed in and changed the password.\n',
    { mode: 0o600, flag: 'w' },
  );
  // The mode above applies only to a new file; one left from before is narrowed too.
  await chmod(file, 0o600);
  return `written to ${file} (readable by this user only)`;
}
