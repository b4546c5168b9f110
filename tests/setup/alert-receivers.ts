import { once } from 'node:events';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** Collects what arrives and lets a test wait until the n-th item is there, without sleeping. */
function inbox<T>() {
  const items: T[] = [];
  const waiters: { count: number; resolve: () => void }[] = [];
  return {
    items,
    push(item: T) {
      items.push(item);
      for (const waiter of waiters.filter((w) => items.length >= w.count)) waiter.resolve();
    },
    /** Settles once `count` items have arrived. */
    async waitFor(count: number): Promise<T[]> {
      if (items.length < count) await new Promise<void>((resolve) => waiters.push({ count, resolve }));
      return items.slice(0, count);
    },
  };
}

export interface MailServer {
  url: string;
  mails: ReturnType<typeof inbox<ParsedMail & { envelopeTo: string[] }>>;
  /** SMTP reply codes for the next messages' DATA, in order (e.g. 451 for a temporary refusal). */
  refuseNext(...codes: number[]): void;
  /**
   * The next message is read but never answered, as if this server hung mid-delivery; settles once its data
   * has arrived. The sender's connection stays open until the sender goes away.
   */
  holdNext(): Promise<ParsedMail>;
  close(): Promise<void>;
}

/** A real SMTP server (smtp-server) on a free local port, accepting any sender without TLS or login. */
export async function startMailServer(): Promise<MailServer> {
  const mails = inbox<ParsedMail & { envelopeTo: string[] }>();
  const refusals: number[] = [];
  const holds: ((mail: ParsedMail) => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const refusal = refusals.shift();
      const hold = holds.shift();
      simpleParser(stream).then(
        (mail) => {
          if (hold) {
            hold(mail);
            return;
          }
          if (refusal) {
            // As real servers do, the refusal names the recipients.
            const recipients = session.envelope.rcptTo.map((r) => `<${r.address}>`).join(', ');
            callback(Object.assign(new Error(`refused by the test: ${recipients}`), { responseCode: refusal }));
            return;
          }
          mails.push(Object.assign(mail, { envelopeTo: session.envelope.rcptTo.map((r) => r.address) }));
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  server.listen(0, '127.0.0.1');
  await once(server.server, 'listening');
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    refuseNext: (...codes) => refusals.push(...codes),
    holdNext: () => new Promise((resolve) => holds.push(resolve)),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

export interface ReceivedWebhook {
  headers: IncomingHttpHeaders;
  body: string;
  status: number;
}

export interface WebhookReceiver {
  url: string;
  /** Every request, answered or not. */
  requests: ReturnType<typeof inbox<ReceivedWebhook>>;
  /** Status codes for the next requests, in order; afterwards every request gets 204. */
  answerNext(...statuses: number[]): void;
  close(): Promise<void>;
}

/** A plain Node HTTP server that records each POST and answers as told. */
export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const requests = inbox<ReceivedWebhook>();
  const answers: number[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const status = answers.shift() ?? 204;
      response.writeHead(status).end();
      requests.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8'), status });
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    requests,
    answerNext: (...statuses) => answers.push(...statuses),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
