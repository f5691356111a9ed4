import type { SahyogDb } from '../db/db';
import type { DrainTally } from './drain-tally';
import type { Resolution } from './resolve-entry';
import type { Transport, TransportResponse } from './transport';

export type DrainOptions = {
  db: SahyogDb;
  transport: Transport;
  now: () => number;
  random: () => number;
  /** Who is signed in (profile id): entries another user queued wait for them. */
  getOwner?: () => string | undefined | Promise<string | undefined>;
  /** Called when the server answers 401: the entry waits for a new sign-in, untouched (`wipe`: the device was marked lost). */
  onUnauthorized?: (response: TransportResponse) => void;
  /**
   * The last drain of a device marked lost (send-before-wipe.ts): only entries sealed for the
   * server go (the server takes nothing else from that session), each now, whatever its backoff.
   */
  lastDelivery?: boolean;
};

/** One drain's state: what it counted and held, the success being written, the next entry being resolved. */
export type DrainRun = {
  options: DrainOptions;
  owner: string | undefined;
  tally: DrainTally;
  writing: Promise<void>;
  prefetched?: Promise<Resolution>;
};
