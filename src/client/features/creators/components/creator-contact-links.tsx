import type { ReactNode } from 'react';
import { ContactLink, SocialLink } from '#client/components/contact-link.tsx';
import type { Creator } from '#shared/replies/creators.ts';

/** The details' contact answers as links: the contact in her chosen channel, and her social profiles. */
export function contactLinksOf(
  creator: Pick<Creator, 'contactMethod' | 'contactInfo' | 'instagram' | 'tiktok' | 'twitter'>,
): Record<string, ReactNode> {
  const links: Record<string, ReactNode> = {
    contactInfo: <ContactLink method={creator.contactMethod} value={creator.contactInfo} />,
  };
  for (const network of ['instagram', 'tiktok', 'twitter'] as const) {
    const handle = creator[network];
    if (handle) links[network] = <SocialLink network={network} value={handle} />;
  }
  return links;
}
