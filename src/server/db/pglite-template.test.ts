import { describe, expect, it } from 'vitest';
import { dataTemplate } from './pglite-template.ts';

describe('the data template', () => {
  it('is never used for migrations of a folder of their own, nor for a database that stops at an older one', () => {
    expect(dataTemplate({ migrationsDir: '/elsewhere' })).toBeUndefined();
    expect(dataTemplate({ upTo: '0000_initial' })).toBeUndefined();
  });
});
