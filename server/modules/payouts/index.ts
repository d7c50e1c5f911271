/** Public surface of the payouts module: the admin's ledger, mark-paid and CSV export, and its router. */
export { createPayoutsService, type PayoutsService } from './payouts.service';
export { createPayoutsRouter } from './payouts.routes';
