import type { Db } from '../../db/client';
import type { Credentials } from '../../types';
import { authenticateGuest } from './guest-session.service';
import { countReceived, revokedSession, revokedSessionOf } from './lost-device.service';
import type { SessionCache } from '../../types';
import { authenticate, isSendToken, sendTokenSession, sessionLimitsOf } from './session.service';

/** The sessions as the transport's guards see them (http/auth-guards.ts, http/lost-device.ts), through `app.credentials`. */
export function createCredentials(db: Db, config: { tokenIdleHours: number; tokenMaxDays: number }, cache: SessionCache): Credentials {
  const limits = sessionLimitsOf(config);
  return {
    userOf: async (tenant, token, now, address) =>
      (await authenticate({ db, cache, ...limits }, tenant, token, now)) ?? (await authenticateGuest(db, tenant, token, now, address)),
    revoked: (tenant, token, now) => revokedSession(db, limits, tenant, token, now),
    isSendToken,
    sender: (tenant, sendToken, now) => sendTokenSession(db, limits, tenant, sendToken, now),
    revokedByHash: (tenant, hash, now) => revokedSessionOf(db, limits, tenant, hash, now),
    countDelivered: (tenant, tokenHash) => countReceived(db, tenant, tokenHash),
  };
}
