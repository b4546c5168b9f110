import { createHmac } from 'node:crypto';
import type { Transporter } from 'nodemailer';
import type { AlertSettings } from '#server/config.ts';

/** A failure worth no retry (an address the server refuses for good); anything else is tried again. */
export class PermanentDeliveryError extends Error {}

/** An e-mail as the mailer sends it; alert-messages.ts writes them. */
export interface MailMessage {
  to: string[];
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  send(message: MailMessage & { messageId: string }): Promise<void>;
  close(): void;
}

/** SMTP_URL as nodemailer's options: `smtps://` is TLS from the start, `smtp://` upgrades when offered. */
function transportOptions(url: string, timeoutMs: number) {
  const parsed = new URL(url);
  const secure = parsed.protocol === 'smtps:';
  return {
    host: parsed.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: parsed.port ? Number(parsed.port) : secure ? 465 : 587,
    secure,
    ...(parsed.username
      ? { auth: { user: decodeURIComponent(parsed.username), pass: decodeURIComponent(parsed.password) } }
      : {}),
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
  };
}

/**
 * An SMTP transport (nodemailer) for the process; each exchange is bounded by the send timeout. The library
 * is loaded with the first e-mail, so a process that sends none does not hold it in memory.
 */
export function createMailer(smtp: NonNullable<AlertSettings['smtp']>, timeoutMs: number): Mailer {
  let transport: Promise<Transporter> | undefined;
  const transportOf = () => {
    transport ??= import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport(transportOptions(smtp.url, timeoutMs)),
    );
    return transport;
  };
  return {
    async send(message) {
      try {
        await (await transportOf()).sendMail({
          from: smtp.from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
          messageId: message.messageId,
        });
      } catch (error) {
        // 5xx replies (a mailbox that does not exist, a refused sender) will not change by waiting.
        const code = (error as { responseCode?: number }).responseCode;
        if (code !== undefined && code >= 500 && code < 600) throw new PermanentDeliveryError(describe(error));
        throw new Error(describe(error));
      }
    },
    close: () => void transport?.then((opened) => opened.close()),
  };
}

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Standard Webhooks' signature: `v1,` and base64 HMAC-SHA256 of `id.timestamp.body` with the secret's key. */
export function signWebhook(secret: Buffer, input: { id: string; timestamp: number; body: string }): string {
  const mac = createHmac('sha256', secret).update(`${input.id}.${input.timestamp}.${input.body}`).digest('base64');
  return `v1,${mac}`;
}

/** POSTs one webhook; any non-2xx reply, network failure or timeout throws, so it is retried. */
export async function postWebhook(
  webhook: NonNullable<AlertSettings['webhook']>,
  input: { id: string; body: string; timeoutMs: number; now: Date; signal?: AbortSignal },
): Promise<void> {
  const timestamp = Math.floor(input.now.getTime() / 1000);
  let response: Response;
  try {
    response = await fetch(webhook.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'webhook-id': input.id,
        'webhook-timestamp': String(timestamp),
        'webhook-signature': signWebhook(webhook.secret, { id: input.id, timestamp, body: input.body }),
      },
      body: input.body,
      redirect: 'manual',
      signal: input.signal
        ? AbortSignal.any([input.signal, AbortSignal.timeout(input.timeoutMs)])
        : AbortSignal.timeout(input.timeoutMs),
    });
  } catch (error) {
    const isTimeout = error instanceof Error && error.name === 'TimeoutError';
    throw new Error(isTimeout ? `no reply within ${input.timeoutMs} ms` : `request failed: ${describe(error)}`);
  }
  // The body is not needed; reading it frees the connection.
  await response.arrayBuffer().catch(() => {});
  if (response.status < 200 || response.status > 299) throw new Error(`receiver answered ${response.status}`);
}
