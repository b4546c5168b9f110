import { describe, expect, it } from 'vitest';
import type { BulkStage2Link } from '#shared/replies/creators.ts';
import { bulkLinksCsv } from './bulk-links-csv.ts';

const texts = {
  headers: { name: 'Name', creatorId: 'Creator ID', contact: 'Contact', link: 'Link', expires: 'Expires' },
  contactMethod: (method: string) => (method === 'SMS/Phone' ? 'SMS / Phone' : method),
  date: (iso: string) => iso.slice(0, 10),
  origin: 'https://apply.example.com',
};

const link = (changes: Partial<BulkStage2Link>): BulkStage2Link => ({
  creatorId: 'RC-7KX3P9QD',
  link: '/stage2/RC-7KX3P9QD?token=abc',
  expiresAt: '2026-12-04T10:00:00.000Z',
  name: 'María José Ñúñez',
  contactMethod: 'WhatsApp',
  contactInfo: '+4915123456789',
  ...changes,
});

describe('the bulk links CSV', () => {
  it('has a header and one row per creator with name, Creator ID, contact, full link and expiry', () => {
    const csv = bulkLinksCsv([link({})], texts);
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv.slice(1).split('\r\n')).toEqual([
      'Name,Creator ID,Contact,Link,Expires',
      // A leading + would be read as a formula: the contact starts with its method, so it never does.
      'María José Ñúñez,RC-7KX3P9QD,WhatsApp: +4915123456789,https://apply.example.com/stage2/RC-7KX3P9QD?token=abc,2026-12-04',
      '',
    ]);
  });

  it('keeps formulas as text, also after a separator, and cells with a comma, semicolon or tab whole', () => {
    const csv = bulkLinksCsv(
      [
        link({ name: '=HYPERLINK("http://evil.example","Click")', contactMethod: 'Email', contactInfo: 'a@b.c' }),
        link({ name: '+1 Ana', contactMethod: 'SMS/Phone', contactInfo: '+1 555; ext 2' }),
        link({ name: '@Lea, Müller', contactMethod: 'Telegram', contactInfo: '@lea' }),
        link({ name: '-5', contactMethod: 'Telegram', contactInfo: '\tx' }),
        link({ name: "x;=cmd|' /C calc'!A0;y", contactMethod: 'Email', contactInfo: 'x@y.z,=1' }),
      ],
      texts,
    );
    const rows = csv.slice(1).split('\r\n');
    expect(rows[1]).toMatch(/^"'=HYPERLINK\(""http:\/\/evil\.example"",""Click""\)",/);
    expect(rows[2]).toMatch(/^'\+1 Ana,RC-7KX3P9QD,"SMS \/ Phone: \+1 555; ext 2",/);
    expect(rows[3]).toMatch(/^"'@Lea, Müller",/);
    expect(rows[4]).toMatch(/^'-5,RC-7KX3P9QD,"Telegram: \tx",/);
    // A semicolon spreadsheet would split these cells: what follows each separator stays text there too.
    expect(rows[5]).toMatch(/^"x;'=cmd\|' \/C calc'!A0;y",RC-7KX3P9QD,"Email: x@y\.z,'=1",/);
  });
});
