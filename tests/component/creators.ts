import type { CreatorStatus } from '#shared/creator-status.ts';
import { type Creator, creatorSchema } from '#shared/replies/creators.ts';

/** Statuses that have been listed on the marketplace, and so carry its URL and hub id. */
const LISTED_ONCE: readonly CreatorStatus[] = ['listed', 'matched', 'finalized', 'cancelled'];

/**
 * An applicant as the admin API lists her: every field an application fills in, a name that needs more than
 * ASCII, a Telegram contact, the recruiter who brought her, the age and country stage 2 confirms, and the
 * marketplace listing once she has been listed. Parsed by the reply's own schema, so it is a real shape.
 */
export function creatorIn(status: CreatorStatus, changes: Partial<Creator> = {}): Creator {
  const isListed = LISTED_ONCE.includes(status);
  return creatorSchema.parse({
    id: '4f1c2a9e-7b3d-4c61-9a85-2e6f0d1b3c47',
    creatorId: 'RC-7KX3P9QD',
    name: 'Amélie Núñez-Østergård',
    language: 'French',
    gender: 'Female',
    contactMethod: 'Telegram',
    contactInfo: '@amelie_nunez',
    hasOnlyFans: 'yes',
    averageMonthlyRange: '$1,000–$2,500',
    age: 27,
    country: 'France',
    agencyGoals: 'Grow beyond France and find an agency that handles brand deals',
    instagram: '@amelie.nunez',
    tiktok: '@amelienunez',
    twitter: null,
    additionalInfo: 'Shoots on weekends; speaks French, Spanish and some English',
    recruiter: 'Joaquín Pérez',
    recruiterId: '9b2e7c15-3f48-4d0a-b6e1-5a7c9d2f8e30',
    status,
    confirmationPhotoUrl: '/api/admin/files/creators/4f1c2a9e/photo-8d3f2b.jpg',
    rollickCreatorHubId: isListed ? 'HUB-20481' : null,
    rollickListingUrl: isListed ? 'https://marketplace.rollick.example/creators/amelie-nunez' : null,
    createdAt: '2026-02-03T09:14:22.000Z',
    updatedAt: '2026-02-05T16:40:05.000Z',
    firstStaffActionAt: status === 'pending' ? null : '2026-02-03T18:02:47.000Z',
    hasDuplicates: false,
    ...changes,
  });
}

/** A second applicant, for lists and bulk selections. */
export function otherCreatorIn(status: CreatorStatus): Creator {
  return creatorIn(status, {
    id: 'c8d0e6a2-51f3-4b7e-8a9c-0d2e4f6a8b1c',
    creatorId: 'RC-M4WQ8TZ2',
    name: 'Dmitri Volkov',
    language: 'Russian',
    gender: 'Male',
    contactMethod: 'Email',
    contactInfo: 'dmitri.volkov@example.org',
    recruiter: 'Joaquín Pérez',
  });
}
