import { z } from 'zod';

/** GET /api/recruiters: only id and name ever leave the server, whatever the query reads. */
export const publicRecruiterSchema = z.object({ id: z.uuid(), name: z.string() }).meta({ id: 'PublicRecruiter' });
export type PublicRecruiter = z.output<typeof publicRecruiterSchema>;
