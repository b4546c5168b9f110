import { statusLabel } from '#shared/creator-status.ts';
import { renderMessage, resolveTemplate, type TemplateOverride } from '#shared/message-templates.ts';
import { APPLICANT_TEXTS } from './applicant-texts.ts';
import type { ClaimedDelivery } from './deliveries.service.ts';
import type { EventPayload } from './outbox.ts';
import { type MailMessage, PermanentDeliveryError } from './senders.ts';

export interface MessageContext {
  brandName: string;
  /** PUBLIC_URL; without it links are paths, which the startup warning mentions. */
  publicUrl: string | undefined;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);

/** The creator in the back office: their status's list, searched for their Creator ID. */
export function adminUrlOf(payload: Pick<EventPayload, 'creatorId' | 'status'>, publicUrl: string | undefined): string {
  const path = `/admin/creators/${payload.status}?${new URLSearchParams({ q: payload.creatorId })}`;
  return `${publicUrl ?? ''}${path}`;
}

/** Paragraphs of plain text as simple HTML: every piece escaped, links only where we put them. */
function toHtml(paragraphs: { text: string; link?: string }[]): string {
  const body = paragraphs
    .map(({ text, link }) => {
      const lines = escapeHtml(text).replace(/\n/g, '<br>');
      return link ? `<p>${lines}<br><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>` : `<p>${lines}</p>`;
    })
    .join('\n');
  return `<!doctype html><html><body style="font-family:sans-serif;line-height:1.5">${body}</body></html>`;
}

const STAFF_HEADLINES: Partial<Record<ClaimedDelivery['type'], string>> = {
  'creator.submitted': 'New application',
  'creator.stage2_submitted': 'Stage 2 submitted',
  'creator.withdrawn': 'Application withdrawn by the applicant',
};

/** The staff alert for a new application, a stage-2 submission or a withdrawal (decisions 024, 047). */
export function staffAlert(delivery: ClaimedDelivery, staff: string[], context: MessageContext): MailMessage {
  const p = delivery.payload;
  const headline = STAFF_HEADLINES[delivery.type] ?? 'New application';
  const adminUrl = adminUrlOf(p, context.publicUrl);
  const facts = [
    `Creator ID: ${p.creatorId}`,
    `Name: ${p.name}`,
    `Contact method: ${p.contactMethod}`,
    `Recruiter: ${p.recruiter}`,
    `Status: ${statusLabel(p.status)}`,
  ].join('\n');
  return {
    to: staff,
    subject: `[${context.brandName}] ${headline}: ${p.creatorId} ${p.name}`,
    text: `${headline}\n\n${facts}\n\nOpen in the back office:\n${adminUrl}\n`,
    html: toHtml([{ text: headline }, { text: facts }, { text: 'Open in the back office:', link: adminUrl }]),
  };
}

/**
 * The confirmation of an application, the stage-2 link or a message from staff, in the applicant's language.
 * `templates`: the owners' wording of the message templates (decision 060); where they reworded the stage-2
 * invitation in her language (or removed it, so English stands in), the link's e-mail says what they wrote.
 */
export function applicantMail(
  delivery: ClaimedDelivery,
  context: MessageContext,
  templates: readonly TemplateOverride[] = [],
): MailMessage {
  const p = delivery.payload;
  const texts = APPLICANT_TEXTS[p.locale] ?? APPLICANT_TEXTS.en;
  const values = { brand: context.brandName, name: p.name, creatorId: p.creatorId };
  const idLine = fill(texts.yourId, values);
  if (delivery.type === 'creator.message') {
    // Rendered when it was sent (decision 060): plain text, escaped here like every other piece.
    if (!p.message) throw new PermanentDeliveryError('the message is no longer stored');
    return {
      to: [delivery.contactInfo],
      subject: p.message.subject,
      text: `${p.message.text}\n\n${context.brandName}\n`,
      html: toHtml([{ text: p.message.text }, { text: context.brandName }]),
    };
  }
  if (delivery.type === 'creator.stage2_link') {
    if (!p.link) throw new PermanentDeliveryError('the stage-2 link is no longer stored');
    const link = `${context.publicUrl ?? ''}${p.link}`;
    const expires = p.expiresAt
      ? fill(texts.stage2Expires, { date: new Date(p.expiresAt).toISOString().slice(0, 10) })
      : '';
    const isReworded = templates.some(
      (template) => template.purpose === 'stage2_invitation' && template.language === p.locale,
    );
    if (isReworded) {
      const own = renderMessage(resolveTemplate('stage2_invitation', p.locale, templates), {
        ...values,
        recruiter: p.recruiter,
        stage2Link: link,
      });
      // Her link is clickable where their text puts it, and below it when their text leaves it out.
      const body = own.body.includes(link) ? own.body : `${own.body}\n${link}`;
      const html = toHtml([{ text: body }, { text: `${expires}\n${idLine}` }]).replaceAll(
        escapeHtml(link),
        `<a href="${escapeHtml(link)}">${escapeHtml(link)}</a>`,
      );
      return { to: [delivery.contactInfo], subject: own.subject, text: `${body}\n\n${expires}\n${idLine}\n`, html };
    }
    const intro = fill(texts.stage2Body, values);
    return {
      to: [delivery.contactInfo],
      subject: fill(texts.stage2Subject, values),
      text: `${intro}\n${link}\n\n${expires}\n${idLine}\n`,
      html: toHtml([{ text: intro, link }, { text: `${expires}\n${idLine}` }]),
    };
  }
  const body = fill(texts.confirmationBody, values);
  // Her own page (decision 047), when the event still holds its link.
  const page = p.link ? { text: texts.pageIntro, link: `${context.publicUrl ?? ''}${p.link}` } : null;
  return {
    to: [delivery.contactInfo],
    subject: fill(texts.confirmationSubject, values),
    text: `${body}\n\n${page ? `${page.text}\n${page.link}\n\n` : ''}${idLine}\n\n${context.brandName}\n`,
    html: toHtml([{ text: body }, ...(page ? [page] : []), { text: idLine }, { text: context.brandName }]),
  };
}

/** Standard Webhooks body: `{ type, timestamp, data }`; the timestamp is when the change happened. */
export function webhookBody(delivery: ClaimedDelivery, context: MessageContext): string {
  const p = delivery.payload;
  return JSON.stringify({
    type: delivery.type,
    timestamp: delivery.occurredAt.toISOString(),
    data: {
      creatorId: p.creatorId,
      status: p.status,
      name: p.name,
      recruiter: p.recruiter,
      adminUrl: adminUrlOf(p, context.publicUrl),
      ...(p.previousStatus ? { previousStatus: p.previousStatus } : {}),
      ...(p.cancelReason ? { cancelReason: p.cancelReason } : {}),
      ...(p.cancelNote ? { cancelNote: p.cancelNote } : {}),
      ...(p.assignee !== undefined ? { assignee: p.assignee, previousAssignee: p.previousAssignee ?? null } : {}),
    },
  });
}
