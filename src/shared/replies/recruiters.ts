import { z } from 'zod';
import { CREATOR_STATUSES } from '../creator-status.ts';

/** The replies of the recruiter calls, public and admin (product §2 Recruiter Management, §7). */

/** GET /api/recruiters: only id and name ever leave the server, whatever the query reads. */
export const publicRecruiterSchema = z.object({ id: z.uuid(), name: z.string() }).meta({ id: 'PublicRecruiter' });
export type PublicRecruiter = z.output<typeof publicRecruiterSchema>;

/** A recruiter as the admin sees it: the spec's id, name, email plus how many applications name them. */
export const adminRecruiterSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    email: z.string().nullable(),
    createdAt: z.iso.datetime(),
    applicationsCount: z.number().int().nonnegative(),
  })
  .meta({ id: 'AdminRecruiter' });
export type AdminRecruiter = z.output<typeof adminRecruiterSchema>;

/** DELETE /api/admin/recruiters/{id}: the applications stay, with the recruiter's name as submitted. */
export const deleteRecruiterResultSchema = z
  .object({ associatedApplicationsCount: z.number().int().nonnegative(), message: z.string() })
  .meta({ id: 'DeleteRecruiterResult' });
export type DeleteRecruiterResult = z.output<typeof deleteRecruiterResultSchema>;

/** An application as a recruiter's listings show it: the same fields as the admin creator lists. */
export const listedCreatorSchema = z.object({
  id: z.uuid(),
  creatorId: z.string().describe('The Creator ID shown to staff, e.g. RC-8K3Q2Z'),
  name: z.string(),
  language: z.string(),
  gender: z.string(),
  contactMethod: z.string(),
  contactInfo: z.string(),
  hasOnlyFans: z.string().nullable(),
  averageMonthlyRange: z.string().nullable(),
  age: z.number().int().nullable(),
  country: z.string().nullable(),
  agencyGoals: z.string(),
  instagram: z.string().nullable(),
  tiktok: z.string().nullable(),
  twitter: z.string().nullable(),
  additionalInfo: z.string().nullable(),
  recruiter: z.string().describe("The recruiter's name as submitted; kept when the recruiter is deleted"),
  recruiterId: z.uuid().nullable(),
  status: z.enum(CREATOR_STATUSES),
  confirmationPhotoUrl: z.string().nullable(),
  rollickCreatorHubId: z.string().nullable(),
  rollickListingUrl: z.string().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  firstStaffActionAt: z.iso.datetime().nullable().describe('When staff first acted; null while the clock runs'),
  hasDuplicates: z.boolean().describe('Another creator shares this one’s contact or photo'),
});

/** GET /api/admin/recruiters/{id}/listings: `totalCount` counts all of them, whatever the filter. */
export const recruiterListingsSchema = z
  .object({
    listings: z.array(listedCreatorSchema).describe('Newest first'),
    totalCount: z.number().int().nonnegative().describe("All of the recruiter's applications, whatever the filter"),
  })
  .meta({ id: 'RecruiterListings' });
export type RecruiterListings = z.output<typeof recruiterListingsSchema>;

/**
 * The same with `?page=` or `?cursor=`: one page of the filtered listings, read by keyset (docs/decisions/014).
 * `next` and `prev` are opaque cursors to pass back as `?cursor=`, null at either end.
 */
export const recruiterListingsPageSchema = z
  .object({
    listings: z.array(listedCreatorSchema),
    totalCount: z.number().int().nonnegative().describe("All of the recruiter's applications, whatever the filter"),
    pageSize: z.number().int().positive(),
    total: z.number().int().nonnegative().describe('The applications the filter matches'),
    totalIsExact: z.boolean(),
    next: z.string().nullable(),
    prev: z.string().nullable(),
  })
  .meta({ id: 'RecruiterListingsPage' });
export type RecruiterListingsPage = z.output<typeof recruiterListingsPageSchema>;
