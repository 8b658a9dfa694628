export { adminTryOnCatalogueRoutes } from './admin.routes.ts';
export { seedModels, seedTryOnCatalogue, startTryOnCatalogueSeed } from './catalogue-seed.ts';
export { tryOnRoutes } from './try-on.routes.ts';
export { activeCatalogueItemId, catalogueItemsByIds } from './catalogue-reads.ts';
export type { CatalogueKind } from './catalogue-reads.ts';
