import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { englishOf } from '../messages/english.ts';
import { messageOfIssue } from '../messages/zod-issue.ts';
import { listingSchema, statusChangeSchema } from './listing.ts';

/** The English each issue's message is written in (the schemas carry keys, docs/decisions/031). */
const messages = (result: { error?: z.ZodError | undefined }) =>
  result.error?.issues.map((issue) => englishOf(messageOfIssue(issue)));

describe('listingSchema', () => {
  it('requires a listing URL: "Please provide Listing URL"', () => {
    expect(messages(listingSchema.safeParse({ rollickListingUrl: '  ' }))).toEqual(['Please provide Listing URL']);
    expect(messages(listingSchema.safeParse({}))).toEqual(['Please provide Listing URL']);
  });

  it.each(['javascript:alert(1)', 'ftp://rollick.io/x', 'rollick.io/creator/1', 'https://', 'data:text/html,hi'])(
    'refuses %j: listing URLs must be http(s) (architecture §4)',
    (url) => {
      expect(messages(listingSchema.safeParse({ rollickListingUrl: url }))).toEqual([
        'Please provide a valid Listing URL starting with http:// or https://',
      ]);
    },
  );

  it('accepts an http(s) URL and an optional hub ID, trimmed', () => {
    expect(
      listingSchema.parse({ rollickListingUrl: ' https://rollick.io/creators/ana ', rollickCreatorHubId: ' HUB-1 ' }),
    ).toEqual({ rollickListingUrl: 'https://rollick.io/creators/ana', rollickCreatorHubId: 'HUB-1' });
    expect(listingSchema.parse({ rollickListingUrl: 'http://rollick.io/x' }).rollickCreatorHubId).toBeNull();
  });
});

describe('statusChangeSchema', () => {
  it('accepts a status alone (product §2: the listings table lists without a URL)', () => {
    expect(statusChangeSchema.parse({ status: 'matched' })).toEqual({
      status: 'matched',
      rollickListingUrl: null,
      rollickCreatorHubId: null,
      cancelNote: null,
    });
  });

  it('accepts a listing URL and hub ID with the status', () => {
    expect(
      statusChangeSchema.parse({
        status: 'listed',
        rollickListingUrl: 'https://rollick.io/a',
        rollickCreatorHubId: '7',
      }),
    ).toEqual({
      status: 'listed',
      rollickListingUrl: 'https://rollick.io/a',
      rollickCreatorHubId: '7',
      cancelNote: null,
    });
  });

  it('refuses an unknown status and a non-http URL', () => {
    expect(messages(statusChangeSchema.safeParse({ status: 'deleted' }))).toEqual(['Please choose a valid status']);
    expect(messages(statusChangeSchema.safeParse({ status: 'listed', rollickListingUrl: 'javascript:x' }))).toEqual([
      'Please provide a valid Listing URL starting with http:// or https://',
    ]);
  });
});
