import { packagedChromium, systemChromium } from '#tests/e2e/support/chromium-path.ts';

/**
 * The browser journeys' Chromium: the system's when installed (or `CHROME_PATH`), else the one shipped in an
 * npm package, unpacked here once before any test file starts so that no two unpack it at the same time.
 * `npm install && npm test` passes on a machine with only Node.
 */
export default async function setup(): Promise<void> {
  if (systemChromium()) return;
  process.env.CHROME_PATH = await packagedChromium();
}
