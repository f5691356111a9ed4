import type { Envelope } from '../../domain';
import { APPLY_LOAN_PATHS } from '../../domain/routes/apply-loan.paths';
import type { APPLY_LOAN_ROUTES } from '../../domain/routes/apply-loan.table';
import { pathOf } from '../../domain/routes/route';
import type * as z from 'zod/mini';
import { mainApi } from './clients';
import { requestEnvelope } from './envelope';

/** A submitted self-application waiting for an officer (the branch's "Self-applied" list). */
export type SelfAppliedItem = z.infer<typeof APPLY_LOAN_ROUTES.selfApplied.answer>[number];

export function listSelfApplied(): Promise<Envelope<SelfAppliedItem[]>> {
  return requestEnvelope(mainApi.get(pathOf(APPLY_LOAN_PATHS.selfApplied)));
}

/** A relationship officer takes a self-application over (409 when another officer was first). */
export function takeOverApplication(id: string): Promise<Envelope<z.infer<typeof APPLY_LOAN_ROUTES.takeOver.answer>>> {
  return requestEnvelope(mainApi.post(pathOf(APPLY_LOAN_PATHS.takeOver, { id }), {}));
}
