/// <reference lib="webworker" />
import type { CaptchaChallenge } from '#shared/replies/captcha.ts';
import { solvePayload } from './solve.ts';

/** Solves one challenge off the main thread, so typing in the form never stutters while it works. */
self.addEventListener('message', (event: MessageEvent<CaptchaChallenge>) => {
  solvePayload(event.data).then(
    (payload) => self.postMessage({ payload }),
    (error: unknown) => self.postMessage({ error: String(error) }),
  );
});
