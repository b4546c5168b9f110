/**
 * The slowest a client may send a request body (docs/configuration.md). A phone on a poor mobile link
 * uploads tens of kilobytes a second; a client that sends less than `minBytesPerSecond` over a whole
 * window, or nothing at all, is holding a connection rather than uploading.
 */
export interface BodyRatePolicy {
  minBytesPerSecond: number;
  windowMs: number;
}

/**
 * Checks once a window that at least `minBytesPerSecond × window` more bytes arrived, and calls `onSlow`
 * once, then stops, when they did not. `bytesSoFar` reads a counter the caller keeps; the returned
 * function stops the watch (call it when the body has arrived or the request ended).
 */
export function watchBodyRate(bytesSoFar: () => number, policy: BodyRatePolicy, onSlow: () => void): () => void {
  const minBytes = (policy.minBytesPerSecond * policy.windowMs) / 1000;
  let atLastCheck = bytesSoFar();
  const timer = setInterval(() => {
    const now = bytesSoFar();
    if (now - atLastCheck >= minBytes) {
      atLastCheck = now;
      return;
    }
    clearInterval(timer);
    onSlow();
  }, policy.windowMs);
  // A watch never keeps the process alive on its own: the request it guards does.
  timer.unref();
  return () => clearInterval(timer);
}
