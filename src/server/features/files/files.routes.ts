import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CONTENT_TYPES } from '#server/lib/file-store.ts';
import { errorReplies, fileReply, sendStoredImage } from '#server/lib/route-schemas.ts';
import { openStoredFile } from './files.service.ts';

const IMAGE_DESCRIPTION = 'The stored image, in the type its key names';

/** A stored file is one of the image types an upload may be. */
const imageReply = {
  description: IMAGE_DESCRIPTION,
  content: Object.assign({}, ...Object.values(CONTENT_TYPES).map((type) => fileReply(type, IMAGE_DESCRIPTION).content)),
};

/**
 * Stored images, for signed-in admins only (the /api/admin scope checks the session). architecture §5: the
 * stored content type, no sniffing, a sandbox so a crafted file can never run as a page of this site,
 * and no copy in any shared cache.
 */
export const fileRoutes: FastifyPluginAsyncZod = async (app) => {
  const { store } = app.deps;

  app.get(
    '/:key',
    {
      schema: {
        summary: 'A stored photo or stage-2 image, by the key its `/api/admin/files/<key>` URL holds',
        // Any text: a malformed key is as unknown as a missing one, a 404 (files.service.ts).
        params: z.object({ key: z.string().describe('A stored file key, e.g. 3f…9a.jpg') }),
        response: { 200: imageReply, ...errorReplies(404) },
      },
    },
    async (request, reply) => {
      const file = await openStoredFile(store, request.params.key);
      return sendStoredImage(reply, file);
    },
  );
};
