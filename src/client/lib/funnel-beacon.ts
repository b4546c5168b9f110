import { FUNNEL_PATH, type FunnelEvent, type FunnelStep } from '#shared/funnel.ts';
import { FALLBACK_LANGUAGE, isLanguageCode } from '#shared/languages.ts';

/**
 * The application form's funnel (decision 026): which step this visit reached, sent once per step
 * with `navigator.sendBeacon`. A visit is a random id kept for this tab only (sessionStorage), with the
 * recruiter link it came through; no cookie, nothing typed into the form, no third party.
 */

const STORAGE_KEY = 'rollick.funnel';
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface Visit {
  id: string;
  ref: string | null;
  sent: FunnelStep[];
}

export interface FunnelDeps {
  storage: Pick<Storage, 'getItem' | 'setItem'> | null;
  search: string;
  language: string;
  send: (url: string, body: string) => void;
  randomBytes: (length: number) => Uint8Array;
}

function base64url(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '');
}

/** The beacon when the browser has it and takes the data; a keepalive fetch otherwise. */
function sendEvent(url: string, body: string): void {
  if (navigator.sendBeacon?.(url, body)) return;
  void fetch(url, {
    method: 'POST',
    body,
    keepalive: true,
    credentials: 'omit',
    headers: { 'content-type': 'text/plain' },
  }).catch(() => undefined);
}

function sessionStorageOrNull(): Storage | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
}

function browserDeps(): FunnelDeps {
  return {
    storage: sessionStorageOrNull(),
    search: globalThis.location?.search ?? '',
    language: globalThis.document?.documentElement.lang ?? FALLBACK_LANGUAGE,
    send: sendEvent,
    randomBytes: (length) => crypto.getRandomValues(new Uint8Array(length)),
  };
}

/** Without storage (a private window may refuse it) the visit lives as long as the page. */
let pageVisit: Visit | null = null;

function readVisit(deps: FunnelDeps): Visit {
  try {
    const stored = JSON.parse(deps.storage?.getItem(STORAGE_KEY) ?? 'null') as Visit | null;
    if (stored && typeof stored.id === 'string' && Array.isArray(stored.sent)) return stored;
  } catch {
    // Unreadable: start a new visit.
  }
  if (pageVisit && !deps.storage) return pageVisit;
  const ref = new URLSearchParams(deps.search).get('ref');
  return { id: base64url(deps.randomBytes(16)), ref: ref && UUID_PATTERN.test(ref) ? ref : null, sent: [] };
}

function saveVisit(deps: FunnelDeps, visit: Visit): void {
  pageVisit = visit;
  try {
    deps.storage?.setItem(STORAGE_KEY, JSON.stringify(visit));
  } catch {
    // A full or refused storage only means a step may be sent twice; the server counts it once.
  }
}

/** Reports that this visit reached `step`, unless this tab already did. Never throws. */
export function reportFunnelStep(step: FunnelStep, deps: FunnelDeps = browserDeps()): void {
  try {
    const visit = readVisit(deps);
    if (visit.sent.includes(step)) return;
    saveVisit(deps, { ...visit, sent: [...visit.sent, step] });
    const language = deps.language.toLowerCase().split('-')[0] ?? '';
    const event: FunnelEvent = {
      visit: visit.id,
      language: isLanguageCode(language) ? language : FALLBACK_LANGUAGE,
      step,
      ...(visit.ref ? { ref: visit.ref } : {}),
    };
    deps.send(FUNNEL_PATH, JSON.stringify(event));
  } catch {
    // Counting visits must never break the form.
  }
}

/** For tests: forget the in-page visit. */
export function resetPageVisit(): void {
  pageVisit = null;
}
