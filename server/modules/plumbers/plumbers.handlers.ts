import type { RequestHandler } from 'express';
import { plumberIdParam, plumberUserIdParam, updatePlumberLocationInput } from '@shared/validators/plumbers';
import { currentUser } from '../../auth/guards';
import { parseInput } from '../../lib/validate';
import type { PlumbersService } from './plumbers.service';

export function createPlumbersHandlers(plumbers: PlumbersService) {
  const getByUser: RequestHandler = async (req, res) => {
    const { userId } = parseInput(plumberUserIdParam, req.params);
    res.json(await plumbers.getProfileForUser(currentUser(req), userId));
  };

  const setMyLocation: RequestHandler = async (req, res) => {
    const input = parseInput(updatePlumberLocationInput, req.body);
    res.json(await plumbers.setLocation(currentUser(req), input));
  };

  const listRatings: RequestHandler = async (req, res) => {
    const { plumberId } = parseInput(plumberIdParam, req.params);
    res.json(await plumbers.listRatings(plumberId));
  };

  const averageRating: RequestHandler = async (req, res) => {
    const { plumberId } = parseInput(plumberIdParam, req.params);
    res.json(await plumbers.averageRating(plumberId));
  };

  return { getByUser, setMyLocation, listRatings, averageRating };
}
