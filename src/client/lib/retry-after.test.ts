import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client.ts';
import { minutesToWait, retryAfterSeconds, withRetryWait } from './retry-after.ts';

const NOW = Date.parse('2026-11-28T09:30:00Z');

const refusal = (body: object | string, retryAfter?: string, status = 429) =>
  new ApiError(status, 'Too Many Requests', typeof body === 'string' ? body : JSON.stringify(body), retryAfter);

const tooManyApplications = {
  message: 'Too many applications from this network. Please try again later.',
  code: 'RATE_LIMITED',
  messageKey: 'application.tooMany',
  requestId: 'req-7f3a',
};

describe('retryAfterSeconds (RFC 9110 Retry-After)', () => {
  it('reads a number of seconds', () => {
    expect(retryAfterSeconds('2400', NOW)).toBe(2400);
    expect(retryAfterSeconds(' 61 ', NOW)).toBe(61);
    expect(retryAfterSeconds('0', NOW)).toBe(0);
  });

  it('reads an HTTP date as the seconds until then, never fewer than none', () => {
    expect(retryAfterSeconds('Sat, 28 Nov 2026 09:47:30 GMT', NOW)).toBe(1050);
    expect(retryAfterSeconds('Sat, 28 Nov 2026 09:00:00 GMT', NOW)).toBe(0);
  });

  it('finds nothing in no header or a foreign one', () => {
    expect(retryAfterSeconds(undefined, NOW)).toBeUndefined();
    expect(retryAfterSeconds('', NOW)).toBeUndefined();
    expect(retryAfterSeconds('soon', NOW)).toBeUndefined();
    expect(retryAfterSeconds('-5', NOW)).toBeUndefined();
  });
});

describe('minutesToWait', () => {
  it('rounds up to whole minutes and says at least one', () => {
    expect(minutesToWait(0)).toBe(1);
    expect(minutesToWait(59)).toBe(1);
    expect(minutesToWait(60)).toBe(1);
    expect(minutesToWait(61)).toBe(2);
    expect(minutesToWait(2400)).toBe(40);
  });
});

describe('withRetryWait', () => {
  const reason = { key: 'application.tooMany' as const, english: tooManyApplications.message };

  it('names the minutes of a rate-limit refusal from its Retry-After', () => {
    expect(withRetryWait(refusal(tooManyApplications, '2400'), reason, 'application.tooManyRetryIn', NOW)).toEqual({
      key: 'application.tooManyRetryIn',
      params: { count: 40 },
    });
    expect(
      withRetryWait(
        refusal(tooManyApplications, 'Sat, 28 Nov 2026 09:35:10 GMT'),
        reason,
        'stage2.tooManyAttemptsRetryIn',
        NOW,
      ),
    ).toEqual({ key: 'stage2.tooManyAttemptsRetryIn', params: { count: 6 } });
  });

  it('names them for a proxy’s 429 without our body too', () => {
    const fromProxy = refusal('<html>429 Too Many Requests</html>', '120');
    expect(withRetryWait(fromProxy, undefined, 'application.tooManyRetryIn', NOW)).toEqual({
      key: 'application.tooManyRetryIn',
      params: { count: 2 },
    });
  });

  it('keeps the reason of other refusals and of a 429 that does not say when', () => {
    expect(withRetryWait(refusal(tooManyApplications), reason, 'application.tooManyRetryIn', NOW)).toBe(reason);
    const busyUpload = refusal(
      { message: 'Another upload…', code: 'TOO_MANY_UPLOADS', messageKey: 'upload.tooMany', requestId: 'r' },
      '5',
    );
    expect(withRetryWait(busyUpload, reason, 'application.tooManyRetryIn', NOW)).toBe(reason);
    const invalid = refusal({ message: 'Bad', code: 'VALIDATION_FAILED', requestId: 'r' }, '30', 400);
    expect(withRetryWait(invalid, reason, 'application.tooManyRetryIn', NOW)).toBe(reason);
    expect(withRetryWait(new Error('offline'), reason, 'application.tooManyRetryIn', NOW)).toBe(reason);
  });
});
