import { describe, expect, it } from 'vitest';
import { contactMethodOf, monthlyRangeLabel } from './option-labels.ts';

describe('monthlyRangeLabel', () => {
  it('writes the stored USD ranges in the reader’s number format', () => {
    expect(monthlyRangeLabel('$1,000–$2,500', 'en')).toBe('$1,000–$2,500');
    expect(monthlyRangeLabel('$1,000–$2,500', 'de').replaceAll('\u00a0', ' ')).toBe('1.000 $–2.500 $');
    expect(monthlyRangeLabel('$20,000+', 'en')).toBe('$20,000+');
    expect(monthlyRangeLabel('$0–$100', 'pt').replaceAll('\u00a0', ' ')).toBe('US$ 0–US$ 100');
  });
});

describe('contactMethodOf', () => {
  it('accepts only the methods of product §3', () => {
    expect(contactMethodOf('SMS/Phone')).toBe('SMS/Phone');
    expect(contactMethodOf('Fax')).toBeNull();
  });
});
