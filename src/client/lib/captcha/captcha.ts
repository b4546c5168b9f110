import { type ApiError, apiGet, isApiError } from '#client/lib/api-client.ts';
import type { CaptchaChallenge } from '#shared/replies/captcha.ts';
import { expiresAtOf, solvePayload } from './solve.ts';

/**
 * The public forms' proof of work (docs/decisions/049), invisible unless it fails: a challenge is fetched and
 * solved in the background once the visitor starts on a form, and its solution is waiting at Submit. Nothing
 * is stored in the browser and nothing is asked of any other site.
 */

const CHALLENGE_PATH = '/api/captcha/challenge';

/** Waits before the second and third try of a challenge that could not be fetched. */
const FETCH_RETRY_MS = [1_000, 3_000];

/** A solution this close to its expiry is solved afresh rather than sent. */
const EXPIRY_MARGIN_MS = 60_000;

interface Solved {
  field: string;
  expiresAt: number;
}

let pending: Promise<Solved> | undefined;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function fetchChallenge(): Promise<CaptchaChallenge> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await apiGet<CaptchaChallenge>(CHALLENGE_PATH);
    } catch (error) {
      const delay = FETCH_RETRY_MS[attempt];
      if (delay === undefined) throw error;
      await wait(delay);
    }
  }
}

/** In a worker of our own origin (CSP: script-src 'self'); on the page itself where workers are unavailable. */
function solveInWorker(challenge: CaptchaChallenge): Promise<string> {
  let worker: Worker;
  try {
    worker = new Worker(new URL('./captcha-worker.ts', import.meta.url), { type: 'module' });
  } catch {
    return solvePayload(challenge);
  }
  return new Promise<string>((resolve, reject) => {
    worker.addEventListener('message', (event: MessageEvent<{ payload?: string; error?: string }>) => {
      worker.terminate();
      if (event.data.payload) resolve(event.data.payload);
      else reject(new Error(event.data.error ?? 'The challenge could not be solved'));
    });
    worker.addEventListener('error', () => {
      worker.terminate();
      // A worker that cannot start (an old browser, a blocked script): the page solves it, a little slower.
      solvePayload(challenge).then(resolve, reject);
    });
    worker.postMessage(challenge);
  });
}

async function solveOne(): Promise<Solved> {
  const challenge = await fetchChallenge();
  return { field: await solveInWorker(challenge), expiresAt: expiresAtOf(challenge) };
}

/** Starts solving in the background, unless a solution is already on its way. Safe to call any number of times. */
export function prepareCaptcha(): void {
  if (pending) return;
  const solving = solveOne();
  pending = solving;
  // A failure is retried at Submit; until then it is nobody's error.
  solving.catch(() => {
    if (pending === solving) pending = undefined;
  });
}

/** The solution to send: the one solved in the background, or a new one if it failed or is about to expire. */
export async function takeCaptcha(now: () => number = Date.now): Promise<string> {
  prepareCaptcha();
  let solved = await (pending as Promise<Solved>).catch(() => undefined);
  if (!solved || solved.expiresAt - now() < EXPIRY_MARGIN_MS) solved = await solveOne();
  // Each solution is accepted once: the next post needs a new one.
  pending = undefined;
  return solved.field;
}

/** The server refused the solution (expired meanwhile, or already used). */
export const isCaptchaRefusal = (error: unknown): error is ApiError =>
  isApiError(error) && error.code === 'CAPTCHA_FAILED';

/**
 * Posts with a solution; if the server refuses it, once more with a fresh one, so a visitor sees the
 * anti-spam message only when the check fails twice.
 */
export async function withCaptcha<T>(
  post: (field: string) => Promise<T>,
  take: () => Promise<string> = takeCaptcha,
): Promise<T> {
  try {
    return await post(await take());
  } catch (error) {
    if (!isCaptchaRefusal(error)) throw error;
    return post(await take());
  }
}
