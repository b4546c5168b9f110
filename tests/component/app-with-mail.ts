import { afterAll, beforeAll } from 'vitest';
import { alertSettings } from '#server/features/alerts/alerts.test-support.ts';
import { type MailServer, startMailServer } from '#tests/setup/alert-receivers.ts';
import { type FileTestApp, setUpTestApp } from '#tests/setup/test-app.ts';

/**
 * The file's app (setUpTestApp) with SMTP configured, sending to a real mail receiver started before it: the
 * server can then e-mail a stage-2 link to an applicant who chose Email (docs/decisions/024), and says so in
 * its auth status. Only those links are mailed; staff alerts and application receipts stay off.
 */
export function setUpAppWithMail(): { t: FileTestApp; mailbox: () => MailServer } {
  let mail: MailServer | undefined;
  const mailbox = (): MailServer => {
    if (!mail) throw new Error('the mail receiver runs only inside tests and hooks');
    return mail;
  };
  beforeAll(async () => {
    mail = await startMailServer();
  });
  // After hooks run last-registered first: this one closes the receiver once the app has closed.
  afterAll(() => mail?.close());
  const t = setUpTestApp({
    lateOptions: () => ({
      config: { alerts: alertSettings(mailbox(), null, { staffEmails: [], applicantEmails: false }) },
    }),
  });
  return { t, mailbox };
}
