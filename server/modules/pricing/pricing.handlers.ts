import type { RequestHandler } from 'express';
import { pricingEstimateQuery } from '@shared/validators/pricing';
import { AppError } from '../../lib/app-error';
import { parseInput } from '../../lib/validate';
import type { PricingService } from './pricing.service';

export const UNKNOWN_ISSUE_MESSAGE = 'Unknown issue type';

export function createPricingHandlers(pricing: PricingService) {
  const getEstimate: RequestHandler = async (req, res) => {
    const query = parseInput(pricingEstimateQuery, req.query);
    const estimate = await pricing.estimate(query);
    if (!estimate) throw new AppError('NOT_FOUND', UNKNOWN_ISSUE_MESSAGE);
    res.json(estimate);
  };
  return { getEstimate };
}
