import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PATTERNS, resumeOf } from '../../../domain';
import { requireDesignation } from '../../http/auth-guards';
import { fail, failWith, ok } from '../../http/envelope';
import type { Outcome } from '../../outcome';
import { AADHAAR_KEY_SECRET, aadhaarKey } from '../verification/aadhaar-crypto';
import { getOrCreateSecret } from '../files/server-secret.service';
import { isCreatorRole, loadApplicationFor, mayUseApplications, NOT_ALLOWED_HERE } from './application-access';
import type { ApplicationDeps, StepCall } from './application-deps';
import { updateApplication } from './application-update.service';
import { applicationView, incompleteApplicationView } from './application-view.service';
import { APPLICATION_MSG } from './applications.messages';
import { countApplications, findNewestDraftByPhone } from './applications.service';
import { submitBorrowerStep } from './borrower-step.service';
import { submitKycStep } from './kyc-step.service';

type Params = { id: string };

/** The application API (docs/application-api.md) under /api/v1/app/mfi: parse, check, call a service, answer the envelope. */
export async function applicationsRoutes(app: FastifyInstance): Promise<void> {
  const deps: ApplicationDeps = {
    db: app.db,
    clock: app.clock,
    providers: app.providers,
    aadhaarKey: aadhaarKey(await getOrCreateSecret(app.db, AADHAAR_KEY_SECRET)),
  };
  const signedIn = { preHandler: [requireDesignation()] };
  const callOf = (request: FastifyRequest<{ Params: Params }>): StepCall => ({
    tenant: request.tenant,
    user: request.user!,
    id: request.params.id,
    body: request.body,
  });
  const answer = <T>(reply: FastifyReply, outcome: Outcome<T>) => (outcome.ok ? ok(outcome.value) : failWith(reply, outcome));

  app.get('/count', signedIn, async (request) => ok({ count: await countApplications(app.db, request.tenant, request.user!) }));

  app.get<{ Params: { phone: string } }>('/phone-number/:phone', signedIn, async (request, reply) => {
    const user = request.user!;
    if (!mayUseApplications(user)) return fail(reply, 403, NOT_ALLOWED_HERE);
    const phone = request.params.phone;
    if (!PATTERNS.mobile.test(phone)) return fail(reply, 400, APPLICATION_MSG.invalidMobileNumber);
    const row = await findNewestDraftByPhone(app.db, request.tenant, phone, isCreatorRole(user) ? user.id : null);
    if (!row || resumeOf(row.stage).route === null) return fail(reply, 404, APPLICATION_MSG.noIncompleteApplication);
    return ok(incompleteApplicationView(row));
  });

  app.get<{ Params: Params }>('/:id', signedIn, async (request, reply) => {
    const access = await loadApplicationFor(app.db, request.tenant, request.user!, request.params.id, 'read');
    if (!access.ok) return fail(reply, access.status, access.message);
    return ok(await applicationView(app.db, request.tenant, access.application));
  });

  app.put<{ Params: Params }>('/:id', signedIn, async (request, reply) => answer(reply, await submitBorrowerStep(deps, callOf(request))));
  app.patch<{ Params: Params }>('/:id', signedIn, async (request, reply) => answer(reply, await updateApplication(deps, callOf(request))));
  app.patch<{ Params: Params }>('/:id/basic-info', signedIn, async (request, reply) => answer(reply, await submitKycStep(deps, callOf(request))));
}
