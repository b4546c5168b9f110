import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';

/** Message-only failure: what the operator reads, with no stack trace. */
export class CliError extends Error {}

export interface PromptIo {
  stdin: NodeJS.ReadableStream & { isTTY?: boolean };
  stdout: NodeJS.WritableStream;
}

/**
 * Reads a secret from stdin. On a terminal, readline's echo goes to a sink so what is typed never shows, and
 * it is asked twice when `repeat` says so; otherwise it is the first line of stdin.
 */
export async function readSecret(io: PromptIo, what: { label: string; repeat: boolean }): Promise<string> {
  const isTty = io.stdin.isTTY === true;
  const sink = new Writable({ write: (_chunk, _encoding, done) => done() });
  const rl = createInterface({ input: io.stdin, output: sink, terminal: isTty, crlfDelay: Number.POSITIVE_INFINITY });
  const lines = rl[Symbol.asyncIterator]();
  const nextLine = async (prompt: string): Promise<string> => {
    if (isTty) io.stdout.write(prompt);
    const line = await lines.next();
    if (isTty) io.stdout.write('\n');
    // A closed terminal (Ctrl-C, Ctrl-D) or an empty pipe ends the iteration.
    if (line.done) throw new CliError(isTty ? 'Cancelled.' : `No ${what.label.toLowerCase()} on stdin.`);
    return line.value;
  };
  try {
    const secret = await nextLine(`${what.label}: `);
    if (isTty && what.repeat && (await nextLine(`Repeat ${what.label.toLowerCase()}: `)) !== secret) {
      throw new CliError(`${what.label}s do not match.`);
    }
    return secret;
  } finally {
    rl.close();
  }
}
