import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { jsonHasUnpairedSurrogate } from '../lib/unpaired-surrogates.ts';
import { AppError } from './app-error.ts';
import { JSON_BODY_LIMIT_BYTES } from './errors.ts';

/**
 * Request bodies are JSON only (plus multipart on the avatar route, and raw bytes on the webhook routes, which set
 * their own parsers): anything else is a 415.
 *
 * A body that arrived whole but cannot be read (not JSON, or half a surrogate pair) is refused in preValidation
 * rather than by the parser. Fastify closes the connection on every parser error, because the unread rest of a body
 * could follow; here nothing is left unread, so the client keeps its connection. Reconnecting is not free: Node
 * accepts one new connection per event-loop iteration, so on a busy server a reconnecting client waited hundreds of
 * milliseconds (bench/RESULTS.md, 2026-11-27). Bodies over the limit still close the connection, in Fastify.
 */
export const jsonBodyPlugin = fp(
  async (app: FastifyInstance) => {
    const unreadable = new WeakMap<FastifyRequest, Error>();
    const parseJson = app.getDefaultJsonParser('error', 'error');
    app.removeContentTypeParser('text/plain');
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: JSON_BODY_LIMIT_BYTES }, (request, body, done) => {
      const text = body as string;
      // An empty JSON body means "no body" (e.g. POST /auth/logout relying on the cookie).
      if (text.trim() === '') return done(null, undefined);
      if (jsonHasUnpairedSurrogate(text)) {
        unreadable.set(
          request,
          new AppError(
            'BAD_REQUEST',
            400,
            'The request body contains half a surrogate pair (\\ud800 to \\udfff), which is not text; send valid Unicode',
          ),
        );
        return done(null, undefined);
      }
      parseJson(request, text, (error, parsed) => {
        if (error) unreadable.set(request, error);
        done(null, error ? undefined : parsed);
      });
    });
    app.addHook('preValidation', (request, _reply, done) => done(unreadable.get(request)));
  },
  { name: 'json-body' },
);
