import { CREATOR_STATUSES } from './creator-status.ts';

/**
 * The pages of product §2. The client routes them; the server uses the same list so that an unknown
 * path gets the SPA with a real 404 status rather than a 200.
 */
const PAGE_PATTERNS: readonly RegExp[] = [
  /^\/$/,
  /^\/stage2\/[^/]+$/,
  /^\/me\/[^/]+$/,
  /^\/admin$/,
  /^\/admin\/dashboard$/,
  /^\/admin\/recruiters$/,
  /^\/admin\/insights$/,
  /^\/admin\/account$/,
  /^\/admin\/admins$/,
  /^\/admin\/deliveries$/,
  /^\/admin\/templates$/,
  /^\/admin\/import$/,
  new RegExp(`^/admin/creators/(${CREATOR_STATUSES.join('|')})$`),
];

/** Pages whose address carries a private token: no Referer may take it elsewhere. */
export function isPrivateLinkPage(pathname: string): boolean {
  return pathname.startsWith('/stage2/') || pathname.startsWith('/me/');
}

export function isKnownPage(pathname: string): boolean {
  const trimmed = pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
  return PAGE_PATTERNS.some((pattern) => pattern.test(trimmed));
}
