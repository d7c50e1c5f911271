import type { RequestHandler, Response } from 'express';
import { adminPayoutRoutes, payoutsCsvFileName } from '@shared/contracts/admin-payouts';
import { currentUser } from '../../auth/guards';
import { reply } from '../../lib/contract';
import { parseInput } from '../../lib/validate';
import type { PayoutsService } from './payouts.service';

/** Writes a chunk, waiting while the client's socket is full; false once the client has gone. */
async function writeChunk(res: Response, chunk: string): Promise<boolean> {
  if (res.destroyed) return false;
  if (res.write(chunk)) return true;
  await new Promise<void>((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
  return !res.destroyed;
}

export function createPayoutsHandlers(payouts: PayoutsService) {
  const list: RequestHandler = async (req, res) => {
    const query = parseInput(adminPayoutRoutes.list.query, req.query);
    reply(res, adminPayoutRoutes.list, await payouts.list(query));
  };

  const markPaid: RequestHandler = async (req, res) => {
    const { payoutId } = parseInput(adminPayoutRoutes.markPaid.params, req.params);
    const input = parseInput(adminPayoutRoutes.markPaid.body, req.body);
    reply(res, adminPayoutRoutes.markPaid, await payouts.markPaid(currentUser(req), payoutId, input));
  };

  /**
   * A file, not JSON: streamed a batch at a time, so an export of any length holds one batch in
   * memory. The headers go out with the first chunk, once its query has answered; a failure after
   * that can only cut the download short (the error handler then closes the connection).
   */
  const downloadCsv: RequestHandler = async (req, res) => {
    const range = parseInput(adminPayoutRoutes.csv.query, req.query);
    const chunks = payouts.exportCsv(range);
    try {
      const first = await chunks.next();
      res
        .status(200)
        .set('Content-Type', 'text/csv; charset=utf-8')
        .set('Content-Disposition', `attachment; filename="${payoutsCsvFileName(range.from, range.to)}"`);
      if (!first.done && !(await writeChunk(res, first.value))) return;
      for await (const chunk of chunks) {
        if (!(await writeChunk(res, chunk))) return;
      }
      res.end();
    } finally {
      await chunks.return(undefined);
    }
  };

  return { list, markPaid, downloadCsv };
}
