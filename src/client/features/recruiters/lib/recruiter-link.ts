import QRCode from 'qrcode';

/** A recruiter's personal application link (`/?ref=<id>`): the form preselects them and the funnel counts it. */
export function recruiterLink(origin: string, recruiterId: string): string {
  return `${origin}/?${new URLSearchParams({ ref: recruiterId })}`;
}

/** Modules of quiet zone around the code, as the QR standard asks. */
const QUIET_ZONE = 4;

/**
 * The link as a QR code: one SVG path of its dark modules, drawn by the caller (no HTML string is injected),
 * and the same as a standalone SVG file to download.
 */
export function qrCodeOf(text: string): { size: number; path: string; svg: string } {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const parts: string[] = [];
  for (let y = 0; y < modules.size; y++) {
    for (let x = 0; x < modules.size; x++) {
      if (modules.get(x, y)) parts.push(`M${x + QUIET_ZONE} ${y + QUIET_ZONE}h1v1h-1z`);
    }
  }
  const size = modules.size + 2 * QUIET_ZONE;
  const path = parts.join('');
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size} ${size}" shape-rendering="crispEdges">` +
    `<rect width="${size}" height="${size}" fill="#fff"/><path d="${path}" fill="#000"/></svg>`;
  return { size, path, svg };
}
