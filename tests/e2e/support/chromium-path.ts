import { existsSync } from 'node:fs';

/**
 * Debian's Chromium builds, the lightest first: the headless shell renders pages with the same engine as the
 * browser but without the browser's own windows and services, for about two thirds of the processor time.
 */
export const SYSTEM_CHROMIUM = ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'];

/** `CHROME_PATH` when set, else the first of the system's Chromium builds that is installed. */
export function systemChromium(): string | undefined {
  return process.env.CHROME_PATH || SYSTEM_CHROMIUM.find((candidate) => existsSync(candidate));
}

/**
 * A Chromium headless shell shipped inside an npm package (`@sparticuz/chromium`, a development dependency),
 * for a machine with only Node: unpacked into the temporary directory on first use, then reused.
 */
export async function packagedChromium(): Promise<string> {
  const { default: packaged } = await import('@sparticuz/chromium');
  return packaged.executablePath();
}
