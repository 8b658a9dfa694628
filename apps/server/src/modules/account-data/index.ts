export { accountDataRoutes } from './account-data.routes.ts';
export { personalDataOf } from './personal-data.ts';
export type { PersonalData } from './personal-data.ts';
export { erasePersonalData } from './erasure.ts';
