import type { OutboxEntry } from '../db/records';
import { answerKind } from './answer-kind';
import type { DrainRun } from './drain-run';
import { applySuccess, parkEntry } from './entry-outcomes';
import { answerMessage } from './reconcile';
import { scheduleRetry } from './schedule-retry';
import type { TransportResponse } from './transport';

/** What the answer means for the entry, written; `stop` when the drain should end. */
export async function onAnswer(run: DrainRun, entry: OutboxEntry, response: TransportResponse): Promise<'next' | 'stop'> {
  const { db, now, random } = run.options;
  switch (answerKind(response)) {
    case 'applied':
      run.writing = applySuccess(db, entry, response, now());
      run.tally.answered('sent');
      return 'next';
    case 'unauthorized':
      await db.outbox.update(entry.seq!, { lastError: 'Sign in again to send', lastStatus: 401 });
      run.options.onUnauthorized?.(response);
      run.tally.result.retrying++;
      return 'stop';
    case 'retry': {
      const failure = { message: answerMessage(response.body, response.status), status: response.status };
      const dueAt = await scheduleRetry(db, entry, failure, { now, random });
      return run.tally.failed(entry, dueAt) ? 'stop' : 'next';
    }
    case 'refused':
      await parkEntry(db, entry, response, now());
      run.tally.answered('parked');
      return 'next';
  }
}
