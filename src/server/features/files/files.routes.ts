import type { FastifyInstance } from 'fastify';
import { openStoredFile } from './files.service.ts';

/**
 * Stored images, for signed-in admins only (the /api/admin scope checks the session). architecture §5: the
 * stored content type, no sniffing, a sandbox so a crafted file can never run as a page of this site,
 * and no copy in any shared cache.
 */
export async function fileRoutes(app: FastifyInstance): Promise<void> {
  const { store } = app.deps;

  app.get<{ Params: { key: string } }>('/:key', async (request, reply) => {
    const file = await openStoredFile(store, request.params.key);
    return reply
      .header('Content-Type', file.contentType)
      .header('Content-Length', file.size)
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Security-Policy', "default-src 'none'; sandbox")
      .header('Cache-Control', 'private, no-store')
      .header('Content-Disposition', 'inline')
      .send(file.stream);
  });
}
