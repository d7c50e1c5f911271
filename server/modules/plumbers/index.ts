/**
 * Public surface of the plumbers module for other modules: its service (built once, in createApp)
 * and pure helpers. Methods another module calls inside its own transaction take that `tx` first.
 */
export { createPlumberCache, type PlumberCache } from './plumber-cache';
export {
  createPlumbersService,
  hasServiceLocation,
  servesLocation,
  toPlumberRating,
  type Plumber,
  type PlumbersService,
  type Rating,
} from './plumbers.service';
