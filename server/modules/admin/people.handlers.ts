import type { RequestHandler } from 'express';
import { adminPeopleRoutes } from '@shared/contracts/admin-people';
import { currentUser } from '../../auth/guards';
import { reply } from '../../lib/contract';
import { parseInput } from '../../lib/validate';
import type { PeopleService } from './people.service';

export function createPeopleHandlers(people: PeopleService) {
  const search: RequestHandler = async (req, res) => {
    const query = parseInput(adminPeopleRoutes.search.query, req.query);
    reply(res, adminPeopleRoutes.search, await people.search(query));
  };

  const suspend: RequestHandler = async (req, res) => {
    const { userId } = parseInput(adminPeopleRoutes.suspend.params, req.params);
    const { reason } = parseInput(adminPeopleRoutes.suspend.body, req.body);
    reply(res, adminPeopleRoutes.suspend, await people.suspend(currentUser(req), userId, reason));
  };

  const reinstate: RequestHandler = async (req, res) => {
    const { userId } = parseInput(adminPeopleRoutes.reinstate.params, req.params);
    const { reason } = parseInput(adminPeopleRoutes.reinstate.body, req.body);
    reply(res, adminPeopleRoutes.reinstate, await people.reinstate(currentUser(req), userId, reason));
  };

  const changeRole: RequestHandler = async (req, res) => {
    const { userId } = parseInput(adminPeopleRoutes.changeRole.params, req.params);
    const change = parseInput(adminPeopleRoutes.changeRole.body, req.body);
    reply(res, adminPeopleRoutes.changeRole, await people.changeRole(currentUser(req), userId, change));
  };

  return { search, suspend, reinstate, changeRole };
}
