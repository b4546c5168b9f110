import * as OTPAuth from 'otpauth';

/**
 * TOTP of RFC 6238 as every authenticator app speaks it: SHA-1, six digits, 30-second steps, 160-bit
 * secrets. A code is accepted one step either side of now, for clocks that drift.
 */
const PERIOD_SECONDS = 30;
const DIGITS = 6;
const ALGORITHM = 'SHA1';
const SECRET_BYTES = 20;
const WINDOW = 1;

export function newTotpSecret(): string {
  return new OTPAuth.Secret({ size: SECRET_BYTES }).base32;
}

function totpOf(secret: string, issuer = '', label = '') {
  return new OTPAuth.TOTP({
    issuer,
    label,
    algorithm: ALGORITHM,
    digits: DIGITS,
    period: PERIOD_SECONDS,
    secret: OTPAuth.Secret.fromBase32(secret),
  });
}

/** The otpauth:// address an app reads from the QR code. */
export function totpUri(secret: string, { issuer, account }: { issuer: string; account: string }): string {
  return totpOf(secret, issuer, account).toString();
}

/** The QR code as an SVG document, shown as an image: no script, nothing for the CSP to allow. */
export async function qrSvg(text: string): Promise<string> {
  // Loaded on the first enrolment: most processes never draw one, and every module held costs memory.
  const { default: QRCode } = await import('qrcode');
  return QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
}

/** The time step a code belongs to; a step is used once (the caller keeps the last one used). */
export function totpStep(now: number): number {
  return Math.floor(now / 1000 / PERIOD_SECONDS);
}

/**
 * The step of a valid code, or null. A code of a step at or before `lastStep` is refused even when it is
 * still within its window: whoever saw it used once cannot use it again.
 */
export function verifyTotp(secret: string, code: string, { now, lastStep }: { now: number; lastStep: number | null }) {
  const delta = totpOf(secret).validate({ token: code, timestamp: now, window: WINDOW });
  if (delta === null) return null;
  const step = totpStep(now) + delta;
  return lastStep !== null && step <= lastStep ? null : step;
}

/** What an authenticator app would show at `now` (tests, and nothing else, need it). */
export function totpCodeAt(secret: string, now: number): string {
  return totpOf(secret).generate({ timestamp: now });
}
