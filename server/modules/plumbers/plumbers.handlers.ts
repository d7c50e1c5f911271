import type { RequestHandler } from 'express';
import { adminRoutes } from '@shared/contracts/admin';
import { plumberRoutes } from '@shared/contracts/plumbers';
import { currentUser } from '../../auth/guards';
import { reply } from '../../lib/contract';
import { parseInput } from '../../lib/validate';
import type { PlumbersService } from './plumbers.service';

export function createPlumbersHandlers(plumbers: PlumbersService) {
  const getByUser: RequestHandler = async (req, res) => {
    const { userId } = parseInput(plumberRoutes.getByUser.params, req.params);
    reply(res, plumberRoutes.getByUser, await plumbers.getProfileForUser(currentUser(req), userId));
  };

  const setMyLocation: RequestHandler = async (req, res) => {
    const input = parseInput(plumberRoutes.setMyLocation.body, req.body);
    reply(res, plumberRoutes.setMyLocation, await plumbers.setLocation(currentUser(req), input));
  };

  const submitOnboarding: RequestHandler = async (req, res) => {
    const input = parseInput(plumberRoutes.submitOnboarding.body, req.body);
    reply(res, plumberRoutes.submitOnboarding, await plumbers.submitOnboarding(currentUser(req), input));
  };

  const listForReview: RequestHandler = async (req, res) => {
    const query = parseInput(adminRoutes.plumbers.query, req.query);
    reply(res, adminRoutes.plumbers, await plumbers.listForReview(query));
  };

  const verify: RequestHandler = async (req, res) => {
    const { plumberId } = parseInput(adminRoutes.verifyPlumber.params, req.params);
    reply(res, adminRoutes.verifyPlumber, await plumbers.verify(currentUser(req), plumberId));
  };

  const reject: RequestHandler = async (req, res) => {
    const { plumberId } = parseInput(adminRoutes.rejectPlumber.params, req.params);
    const { reason } = parseInput(adminRoutes.rejectPlumber.body, req.body);
    reply(res, adminRoutes.rejectPlumber, await plumbers.reject(currentUser(req), plumberId, reason));
  };

  const listRatings: RequestHandler = async (req, res) => {
    const { plumberId } = parseInput(plumberRoutes.listRatings.params, req.params);
    reply(res, plumberRoutes.listRatings, await plumbers.listRatings(plumberId));
  };

  const averageRating: RequestHandler = async (req, res) => {
    const { plumberId } = parseInput(plumberRoutes.averageRating.params, req.params);
    reply(res, plumberRoutes.averageRating, await plumbers.averageRating(plumberId));
  };

  return {
    getByUser,
    setMyLocation,
    submitOnboarding,
    listForReview,
    verify,
    reject,
    listRatings,
    averageRating,
  };
}
