import type { FastifyInstance, FastifyRequest } from 'fastify';
import { answer } from './application-records';
import {
  addCoApplicant,
  getCoApplicant,
  hardcheckCoApplicant,
  listCoApplicants,
  updateCoApplicant,
  type CoApplicantCall,
} from './co-applicants.service';

type ById = { Params: { id: string } };
type ByCoId = { Params: { coId: string } };
type ByBoth = { Params: { id: string; coId: string } };

/** Co-borrowers and guarantors of an application (docs/application-api.md), under /api/v1/app/mfi. */
export async function coApplicantsRoutes(app: FastifyInstance): Promise<void> {
  const callOf = (request: FastifyRequest): CoApplicantCall => ({
    tenant: request.tenant,
    user: request.user!,
    deps: { db: app.db, providers: app.providers, now: () => app.clock.now() },
  });

  app.post<ById>('/:id/co-applicant', async (request, reply) =>
    answer(reply, await addCoApplicant(callOf(request), request.params.id, request.body, 'add')),
  );
  app.post<ById>('/:id/co-applicant/replace', async (request, reply) =>
    answer(reply, await addCoApplicant(callOf(request), request.params.id, request.body, 'replace')),
  );
  app.get<ById>('/:id/co-applicant', async (request, reply) => answer(reply, await listCoApplicants(callOf(request), request.params.id)));
  app.post<ByBoth>('/:id/co-applicant/:coId/hardcheck', async (request, reply) =>
    answer(reply, await hardcheckCoApplicant(callOf(request), request.params.id, request.params.coId)),
  );
  app.get<ByCoId>('/co-applicant/:coId', async (request, reply) => answer(reply, await getCoApplicant(callOf(request), request.params.coId)));
  app.patch<ByCoId>('/co-applicant/:coId', async (request, reply) =>
    answer(reply, await updateCoApplicant(callOf(request), request.params.coId, request.body)),
  );
}
