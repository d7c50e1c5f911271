/** Public surface of the plumbers module for other modules. */
export { insertPlumber as createPlumberProfile, findPlumberByUserId } from './plumbers.repository';
