import type { RequestHandler } from 'express';
import { messageRoutes } from '@shared/contracts/messages';
import { currentUser } from '../../auth/guards';
import { reply } from '../../lib/contract';
import { parseInput } from '../../lib/validate';
import type { MessagesService } from './messages.service';

export function createMessagesHandlers(messages: MessagesService) {
  const list: RequestHandler = async (req, res) => {
    const { jobId } = parseInput(messageRoutes.list.params, req.params);
    reply(res, messageRoutes.list, await messages.list(currentUser(req), jobId));
  };

  const post: RequestHandler = async (req, res) => {
    const { jobId } = parseInput(messageRoutes.post.params, req.params);
    const input = parseInput(messageRoutes.post.body, req.body);
    reply(res, messageRoutes.post, await messages.post(currentUser(req), jobId, input));
  };

  return { list, post };
}
