import type { RequestHandler } from 'express';
import { adminPricingRoutes as routes } from '@shared/contracts/admin-pricing';
import { currentUser } from '../../auth/guards';
import { reply } from '../../lib/contract';
import { parseInput } from '../../lib/validate';
import type { AdminPricingService } from './admin-pricing.service';

export function createAdminPricingHandlers(pricing: AdminPricingService) {
  const createCatalogItem: RequestHandler = async (req, res) => {
    const body = parseInput(routes.createCatalogItem.body, req.body);
    reply(res, routes.createCatalogItem, await pricing.createCatalogItem(currentUser(req), body));
  };

  const updateCatalogItem: RequestHandler = async (req, res) => {
    const { issueSlug } = parseInput(routes.updateCatalogItem.params, req.params);
    const body = parseInput(routes.updateCatalogItem.body, req.body);
    reply(res, routes.updateCatalogItem, await pricing.updateCatalogItem(currentUser(req), issueSlug, body));
  };

  const retireCatalogItem: RequestHandler = async (req, res) => {
    const { issueSlug } = parseInput(routes.retireCatalogItem.params, req.params);
    const body = parseInput(routes.retireCatalogItem.body, req.body);
    reply(res, routes.retireCatalogItem, await pricing.retireCatalogItem(currentUser(req), issueSlug, body));
  };

  const createRegion: RequestHandler = async (req, res) => {
    const body = parseInput(routes.createRegion.body, req.body);
    reply(res, routes.createRegion, await pricing.createRegion(currentUser(req), body));
  };

  const updateRegion: RequestHandler = async (req, res) => {
    const { code } = parseInput(routes.updateRegion.params, req.params);
    const body = parseInput(routes.updateRegion.body, req.body);
    reply(res, routes.updateRegion, await pricing.updateRegion(currentUser(req), code, body));
  };

  const retireRegion: RequestHandler = async (req, res) => {
    const { code } = parseInput(routes.retireRegion.params, req.params);
    const body = parseInput(routes.retireRegion.body, req.body);
    reply(res, routes.retireRegion, await pricing.retireRegion(currentUser(req), code, body));
  };

  const createModifier: RequestHandler = async (req, res) => {
    const body = parseInput(routes.createModifier.body, req.body);
    reply(res, routes.createModifier, await pricing.createModifier(currentUser(req), body));
  };

  const updateModifier: RequestHandler = async (req, res) => {
    const { modifierId } = parseInput(routes.updateModifier.params, req.params);
    const body = parseInput(routes.updateModifier.body, req.body);
    reply(res, routes.updateModifier, await pricing.updateModifier(currentUser(req), modifierId, body));
  };

  const retireModifier: RequestHandler = async (req, res) => {
    const { modifierId } = parseInput(routes.retireModifier.params, req.params);
    const body = parseInput(routes.retireModifier.body, req.body);
    reply(res, routes.retireModifier, await pricing.retireModifier(currentUser(req), modifierId, body));
  };

  const preview: RequestHandler = async (req, res) => {
    reply(res, routes.preview, await pricing.preview(parseInput(routes.preview.body, req.body)));
  };

  return {
    createCatalogItem,
    updateCatalogItem,
    retireCatalogItem,
    createRegion,
    updateRegion,
    retireRegion,
    createModifier,
    updateModifier,
    retireModifier,
    preview,
  };
}
