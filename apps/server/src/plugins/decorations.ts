import type { FastifyInstance } from 'fastify';

/**
 * A module's decoration, read only by the module that sets it: its face exports an accessor built on this (files'
 * `storageOf(app)`, mail's `mailerOf(app)`, …), so a module that needs it imports that module and the dependency shows
 * in the imports, the dependency rules and the architecture map. A plugin registered after its user is named at once
 * instead of failing later on `undefined`. `decorations.test.ts` fails when a module reads a decoration another module set.
 */
export function decorationOf<K extends keyof FastifyInstance>(app: FastifyInstance, name: K, plugin: string): FastifyInstance[K] {
  if (!app.hasDecorator(name)) throw new Error(`app.${String(name)} is not set: app.ts must register ${plugin} before what uses it`);
  return app[name];
}
