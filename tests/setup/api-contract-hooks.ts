import { afterEach, expect } from 'vitest';
import { takeContractViolations } from './api-contract.ts';

/** Each server test fails if a reply it produced broke the API document (tests/setup/api-contract.ts). */
afterEach(() => {
  expect(takeContractViolations(), 'replies that do not match the API document').toEqual([]);
});
