import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { API_PREFIX } from '../../lib/api-prefix.ts';
import { decorationOf } from '../../plugins/decorations.ts';
import { openStorage } from './create-storage.ts';
import { createFileLinks } from './signed-links.ts';
import type { FileLinks } from './signed-links.ts';
import type { Storage } from './storage.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Uploaded files and job results (local disk under DATA_DIR/storage, or S3); other modules read it with storageOf. */
    storage: Storage;
    /** Signed links to stored files (GET /api/v1/files/{token}); other modules read them with fileLinksOf. */
    fileLinks: FileLinks;
  }
}

/** The storage of uploads and results, and the signed links to them; registered in app.ts before every module that uses them. */
export const filesPlugin = fp(
  async (app: FastifyInstance) => {
    const { config } = app;
    const opened = await openStorage(config);
    app.decorate('storage', opened.storage);
    app.decorate(
      'fileLinks',
      createFileLinks({
        secret: config.jwtSecret,
        ttlSeconds: config.fileLinkTtlSeconds,
        urlPrefix: `${API_PREFIX}/files`,
        clock: () => app.clock(),
      }),
    );
    app.addHook('onClose', async () => opened.close());
  },
  { name: 'files' },
);

/** The storage filesPlugin opened. */
export const storageOf = (app: FastifyInstance): Storage => decorationOf(app, 'storage', 'filesPlugin');

/** The signed file links filesPlugin made. */
export const fileLinksOf = (app: FastifyInstance): FileLinks => decorationOf(app, 'fileLinks', 'filesPlugin');
