/** Public surface of the plumbers module for other modules. */
export {
  insertPlumber as createPlumberProfile,
  findPlumberByUserId,
  findPlumberById,
  insertRatingIfNew,
  listRatingsByJobs,
  type Plumber,
  type Rating,
} from './plumbers.repository';
export {
  createPlumbersService,
  hasServiceLocation,
  plumberCards,
  ratingSummaries,
  requirePlumberForUser,
  type PlumbersService,
} from './plumbers.service';
