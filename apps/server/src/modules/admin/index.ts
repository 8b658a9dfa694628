export { adminArea } from './admin-area.ts';
