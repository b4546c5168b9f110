import { z } from 'zod';
import { creatorSchema } from './creators.ts';

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

/** GET /api/admin/recruiters/{id}/listings: `totalCount` counts all of them, whatever the filter. */
export const recruiterListingsSchema = z
  .object({
    listings: z.array(creatorSchema).describe('Newest first'),
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
    listings: z.array(creatorSchema),
    totalCount: z.number().int().nonnegative().describe("All of the recruiter's applications, whatever the filter"),
    pageSize: z.number().int().positive(),
    total: z.number().int().nonnegative().describe('The applications the filter matches'),
    totalIsExact: z.boolean(),
    next: z.string().nullable(),
    prev: z.string().nullable(),
  })
  .meta({ id: 'RecruiterListingsPage' });
export type RecruiterListingsPage = z.output<typeof recruiterListingsPageSchema>;
