import QRCode from 'qrcode';

/** A recruiter's personal application link (`/?ref=<id>`): the form preselects them and the funnel counts it. */
export function recruiterLink(origin: string, recruiterId: string): string {
  return `${origin}/?${new URLSearchParams({ ref: recruiterId })}`;
}

/** Modules of quiet zone around the code, as the QR standard asks. */
const QUIET_ZONE = 4;

/** The symbol's dark and light modules, at the error correction both drawings use. */
const modulesOf = (text: string) => QRCode.create(text, { errorCorrectionLevel: 'M' }).modules;

/**
 * The link as a QR code: one SVG path of its dark modules, drawn by the caller (no HTML string is injected),
 * and the same as a standalone SVG file to download.
 */
export function qrCodeOf(text: string): { size: number; path: string; svg: string } {
  const modules = modulesOf(text);
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

/** The PNG is at least this many pixels wide: what the apps recruiters post to (Instagram, WhatsApp) show sharply. */
const PNG_MIN_WIDTH = 1024;

/**
 * The link's QR code as a PNG, for apps that take no SVG: whole pixels a module, black on white, with the same
 * quiet zone. Drawn on a canvas, so in a browser only.
 */
export function qrPngOf(text: string): Promise<Blob> {
  const modules = modulesOf(text);
  const size = modules.size + 2 * QUIET_ZONE;
  const scale = Math.ceil(PNG_MIN_WIDTH / size);
  const canvas = document.createElement('canvas');
  canvas.width = size * scale;
  canvas.height = size * scale;
  const context = canvas.getContext('2d');
  if (!context) return Promise.reject(new Error('This browser cannot draw the QR code'));
  context.fillStyle = '#fff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.fillStyle = '#000';
  for (let y = 0; y < modules.size; y++) {
    for (let x = 0; x < modules.size; x++) {
      if (modules.get(x, y)) context.fillRect((x + QUIET_ZONE) * scale, (y + QUIET_ZONE) * scale, scale, scale);
    }
  }
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('The QR code could not be drawn'))), 'image/png'),
  );
}
