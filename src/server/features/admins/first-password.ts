import { chmod, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { DbOrTx } from '#server/db/client.ts';
import { verifyPassword } from '#server/lib/passwords.ts';
import { type AdminCredentials, findAdminByUsername } from './admins.service.ts';

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
  await mkdir(outlet.dataDir, { recursive: true, mode: 0o700 });
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

/**
 * Removes the first password's file once it no longer opens the account it names: that admin changed the
 * password (on the account screen, or with `npm run admin -- reset-password`) or is gone. The file holds
 * the password, so the check needs no record of its own; it runs at each start-up and after a change of
 * password. Returns whether the file was removed.
 */
export async function retireFirstPassword(db: DbOrTx, dataDir: string): Promise<boolean> {
  const file = path.join(dataDir, FIRST_PASSWORD_FILE);
  const text = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return null;
    throw error;
  });
  if (text === null) return false;
  const username = /^Username: (.+)$/m.exec(text)?.[1];
  const password = /^Password: (.+)$/m.exec(text)?.[1];
  const admin = username ? await findAdminByUsername(db, username) : null;
  if (admin && password && (await verifyPassword(admin.passwordHash, password))) return false;
  await rm(file, { force: true });
  return true;
}
