export { adminTryOnCatalogueRoutes } from './admin.routes.ts';
export { seedModels, seedTryOnCatalogue, startTryOnCatalogueSeed } from './catalogue-seed.ts';
export { tryOnGarments, tryOnModels } from './tables.ts';
export { tryOnRoutes } from './try-on.routes.ts';
