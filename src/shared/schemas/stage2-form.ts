/**
 * What GET /api/stage2/{creatorId}?token=… answers (product §7; docs/decisions/009-stage2.md): the server
 * builds it, the stage-2 page reads it. The server answers every dead link with the same 404.
 */
export type { Stage2Creator, Stage2ExistingData, Stage2Form, Stage2StoredUpload } from '../replies/stage2.ts';
