import { describe, expect, it } from 'vitest';
import { qrCodeOf, recruiterLink } from './recruiter-link.ts';

describe('recruiterLink', () => {
  it('is the landing page with the recruiter as ref', () => {
    expect(recruiterLink('https://apply.example.com', '3f0e4a52-8c1b-4a53-9d1e-2b7c6a1f0e99')).toBe(
      'https://apply.example.com/?ref=3f0e4a52-8c1b-4a53-9d1e-2b7c6a1f0e99',
    );
  });
});

describe('qrCodeOf', () => {
  it('draws the code as one SVG path inside a quiet zone, and as a standalone SVG file', () => {
    const code = qrCodeOf('https://apply.example.com/?ref=3f0e4a52-8c1b-4a53-9d1e-2b7c6a1f0e99');
    // A QR symbol is 21 + 4k modules wide; four modules of quiet zone on each side.
    expect((code.size - 8 - 21) % 4).toBe(0);
    // The top-left finder pattern starts right after the quiet zone.
    expect(code.path.startsWith('M4 4h1v1h-1z')).toBe(true);
    expect(code.svg.startsWith(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${code.size} ${code.size}"`)).toBe(
      true,
    );
    expect(code.svg).toContain(`d="${code.path}"`);
  });
});
