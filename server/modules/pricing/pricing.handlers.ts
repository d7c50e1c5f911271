import type { RequestHandler } from 'express';
import { pricingRoutes } from '@shared/contracts/pricing';
import { AppError } from '../../lib/app-error';
import { reply } from '../../lib/contract';
import { parseInput } from '../../lib/validate';
import type { PricingService } from './pricing.service';

export const UNKNOWN_ISSUE_MESSAGE = 'Unknown issue type';

export function createPricingHandlers(pricing: PricingService) {
  const getEstimate: RequestHandler = async (req, res) => {
    const query = parseInput(pricingRoutes.estimate.query, req.query);
    const estimate = await pricing.estimate(query);
    if (!estimate) throw new AppError('NOT_FOUND', UNKNOWN_ISSUE_MESSAGE);
    reply(res, pricingRoutes.estimate, estimate);
  };
  return { getEstimate };
}
