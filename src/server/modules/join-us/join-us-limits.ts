import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Tenant } from '../../../domain';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { fail } from '../../http/envelope';
import { refuse } from '../../outcome';
import { takeHit } from '../rate-limit/rate-limit.service';
import { JOIN_US_MSG } from './join-us.messages';

/**
 * onRequest hook of the public join-us routes (upload, request, track): their calls per client
 * address and hour, counted together. It runs before the body is read, so a refused upload is
 * never buffered.
 */
export async function limitJoinUsByAddress(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> {
  const { db, config, clock } = request.server;
  const limit = { tenant: request.tenant, bucket: 'join-us:address', key: request.ip, max: config.joinUsMaxPerAddressHour };
  const refused = await takeHit(db, limit, clock.now());
  if (!refused) return undefined;
  return fail(reply, 429, JOIN_US_MSG.tooManyFromAddress(refused.retryMinutes), refused.retryMinutes * 60);
}

/** Join-us requests and tracking calls per mobile and hour; a 429 refusal past the limit. */
export async function checkJoinUsMobileLimit(
  db: Db,
  config: Pick<Config, 'joinUsMaxPerMobileHour'>,
  tenant: Tenant,
  mobile: string,
  now: number,
) {
  const refused = await takeHit(db, { tenant, bucket: 'join-us:mobile', key: mobile, max: config.joinUsMaxPerMobileHour }, now);
  return refused ? refuse(429, JOIN_US_MSG.tooManyForMobile(refused.retryMinutes), refused.retryMinutes * 60) : null;
}
