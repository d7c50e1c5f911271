/** Public surface of the quotes module for other modules. */
export { createQuotesService, type QuotesService } from './quotes.service';
