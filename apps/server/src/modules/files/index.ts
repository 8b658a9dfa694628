export { openStorage } from './create-storage.ts';
export { filesRoutes } from './files.routes.ts';
export { fileLinksOf, filesPlugin, storageOf } from './files.plugin.ts';
export { createFileLinks } from './signed-links.ts';
export type { FileLinks } from './signed-links.ts';
export type { Storage } from './storage.ts';
export { checkImage, checkTranscript, cleanFileName, uploadMessages } from './upload-checks.ts';
