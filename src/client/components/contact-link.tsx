import { cn } from '#client/lib/cn.ts';
import { contactHref, type SocialNetwork, socialHref } from '#shared/contact-links.ts';

const LINK_CLASSES =
  'rounded-sm text-primary underline-offset-2 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';

/**
 * The contact as it breaks well in a narrow column: a phone number never mid-number, an e-mail before its @
 * (and inside a part only when that part alone is wider than the column).
 */
function ContactText({ value }: { value: string }) {
  const at = value.indexOf('@');
  if (/^[\d\s()+.-]+$/.test(value)) return <span className="whitespace-nowrap">{value}</span>;
  if (at > 0) {
    return (
      <span className="[overflow-wrap:break-word]">
        {value.slice(0, at)}
        <wbr />
        {value.slice(at)}
      </span>
    );
  }
  // A handle breaks after its dots and underscores, where a reader sees the parts of it.
  const parts = value.split(/(?<=[._])/);
  return (
    <span className="[overflow-wrap:break-word]">
      {parts.map((part, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed string, in order.
        <span key={index}>
          {index > 0 && <wbr />}
          {part}
        </span>
      ))}
    </span>
  );
}

function LinkOrText({ href, value, className }: { href: string | null; value: string; className?: string }) {
  if (!href) {
    return (
      <span className={className}>
        <ContactText value={value} />
      </span>
    );
  }
  // Web addresses (WhatsApp, Telegram, profiles) open beside the admin; mailto: and tel: hand over to an app.
  const isWeb = href.startsWith('https:');
  return (
    <a
      href={href}
      className={cn(LINK_CLASSES, className)}
      {...(isWeb ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
    >
      <ContactText value={value} />
    </a>
  );
}

/** A creator's contact in her chosen channel, as a link that opens it (e-mail, call, WhatsApp, Telegram). */
export function ContactLink({ method, value, className }: { method: string; value: string; className?: string }) {
  return <LinkOrText href={contactHref(method, value)} value={value} {...(className ? { className } : {})} />;
}

/** A social profile handle as a link to the profile. */
export function SocialLink({ network, value }: { network: SocialNetwork; value: string }) {
  return <LinkOrText href={socialHref(network, value)} value={value} />;
}
