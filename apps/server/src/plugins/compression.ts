import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Responses under this many bytes go out as they are: compressing them saves less than it costs. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * Brotli or gzip for every compressible response over 1 KB, as the client accepts it (API JSON,
 * HTML and text). The built web app is compressed once at build time and served as is (spa.ts);
 * media and archives are not compressible and pass through; the job event stream hijacks its reply
 * and is never buffered here. Brotli at quality 4: close to gzip's speed, smaller than gzip's output.
 */
export const compressionPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(compress, {
      global: true,
      // Replies only: request bodies are read as sent (a compressed body gets the usual 415/400).
      globalDecompression: false,
      threshold: COMPRESSION_THRESHOLD_BYTES,
      encodings: ['br', 'gzip'],
      brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
      zlibOptions: { level: 6 },
    });
  },
  { name: 'compression' },
);
