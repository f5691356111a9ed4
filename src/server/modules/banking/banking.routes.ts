import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BANKING_ROUTES, type AnswerOf, type Tenant } from '../../../domain';
import { bankByCode } from '../../data/banks';
import { ok, failWith, fail } from '../../http/envelope';
import { accept, type Outcome } from '../../outcome';
import type { ApplicationRow } from '../../db/schema';
import type { AuthUser } from '../../types';
import { loadApplicationFor, requireApplicationRole } from '../../kernels/access';
import { signFileUrl } from '../../kernels/files';
import { storeGeneratedFile, XLSX_MIME } from '../files/files.service';
import { spendQuota } from '../rate-limit/paid-call-quotas';
import { matchAllNames } from '../verification/name-match.service';
import { recordVerification } from '../verification/verification.service';
import { refused, refusedWith, verified, verifiedResponses } from '../verification/verification.envelope';
import * as z from 'zod/mini';
import { tableRoute } from '../../http/table-route';
import { verifyBankAccount } from './bank-verification.service';
import { camFigures } from '../../documents/renderers/cam-figures';
import { camFileName } from './cam-file-name';
import { CAM_FAILED, IDENTITY_FAILED, readStatementFile, statementFileFor } from './statement-identity.service';
import { said } from '../../kernels/messages';

const staff = { onRequest: [requireApplicationRole] };

/**
 * Reading a statement or verifying an account is recorded on the application it is for: the
 * access policy's `verify` (application-access.ts).
 */
async function applicationFor(
  app: Parameters<FastifyPluginAsyncZod>[0],
  tenant: Tenant,
  user: AuthUser,
  id: string,
): Promise<Outcome<ApplicationRow>> {
  const access = await loadApplicationFor(app.db, tenant, user, id, 'verify');
  return access.ok ? accept(access.application) : access;
}

/** `POST /verification/v1/perfios/kyc/verify-bank-acc-v3` (the verification API's envelope). */
export const bankVerificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const verifyAccount = BANKING_ROUTES.verifyAccount;
  app.route({
    ...tableRoute(app, verifyAccount, { response: verifiedResponses(verifyAccount.answer, { status: z.literal('VERIFIED') }) }),
    config: { refuse: refused },
    ...staff,
    handler: async (request, reply) => {
      const { body, tenant } = request;
      const loaded = await applicationFor(app, tenant, request.user!, body.application_id);
      if (!loaded.ok) return refusedWith(reply, loaded);
      const payer = { tenant, user: request.user!, applicationId: loaded.value.id };
      const check = await verifyBankAccount(app.db, app.providers.bankAccount, payer, loaded.value, body, app.clock.now());
      if (!check.ok) return refusedWith(reply, check);
      return verified(check.value, said('banking.bankVerified'), { status: 'VERIFIED' });
    },
  });
};

type IdentityResult = AnswerOf<typeof BANKING_ROUTES.identity>['results'][number];

/**
 * `POST /banking/v1/identity`: each statement's identity (name, account number, account type,
 * IFSC, bank name) as the reader finds it in the PDF. With `application_id`, each read is kept on
 * the application (data.verifications.bank_statement[<file id>]) and its name matched with the
 * borrower's: the bank step then needs a BANK_NAME_MISMATCH_DEVIATION for a statement in another name.
 */
export const bankingIdentityRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...tableRoute(app, BANKING_ROUTES.identity),
    ...staff,
    handler: async (request, reply) => {
      const { body, tenant } = request;
      const user = request.user!;
      let application: ApplicationRow | undefined;
      if (body.application_id !== undefined) {
        const loaded = await applicationFor(app, tenant, user, body.application_id);
        if (!loaded.ok) return failWith(reply, loaded);
        application = loaded.value;
      }
      const borrower = typeof application?.data.name === 'string' ? application.data.name : null;
      // A file named twice in one request is read (and kept on the application) once.
      const seen = new Map<string, IdentityResult>();
      const results: IdentityResult[] = [];
      for (const item of body.files) {
        const again = seen.get(item.file_id);
        if (again) {
          results.push(again);
          continue;
        }
        const file = await statementFileFor(app.db, tenant, user, item.file_id, application?.id, 'files');
        if (!file.ok) return failWith(reply, file);
        await spendQuota(app.db, { tenant, user, applicationId: application?.id }, 'statement', app.clock.now());
        const statement = await readStatementFile(app.storage, app.providers.statementReader, file.value, item.password, IDENTITY_FAILED);
        if (!statement.ok) return failWith(reply, statement);
        const identity = statement.value.identity;
        const nameMatch = borrower
          ? await matchAllNames(app.providers.nameMatch, [
              { source: 'INPUT', value: borrower },
              { source: 'BANK_ACCOUNT', value: identity.name },
            ])
          : null;
        if (application) {
          const at = new Date(app.clock.now()).toISOString();
          const entry = { status: 'READ', identity, is_match: nameMatch?.is_match ?? null, bank_name: body.bank_name, read_at: at };
          await recordVerification(app.db, tenant, application.id, 'bank_statement', entry, file.value.id);
        }
        const result = {
          file_id: file.value.id,
          identity_data: identity,
          period: { from: statement.value.period_from, to: statement.value.period_to },
          transactions: statement.value.transactions.length,
          name_match: nameMatch && { is_match: nameMatch.is_match, score: nameMatch.score, borrower_name: borrower },
        };
        seen.set(item.file_id, result);
        results.push(result);
      }
      return ok({ bank_name: body.bank_name, results });
    },
  });
};

/**
 * `POST /api/v1/banking/bank-statement-info`: the CAM of one statement, a real workbook
 * (cam-workbook.ts) stored like an upload of the application (purpose CAM) and answered as a
 * signed `download_url`, with the figures it holds.
 */
export const bankStatementInfoRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...tableRoute(app, BANKING_ROUTES.statementInfo),
    ...staff,
    handler: async (request, reply) => {
      const { body, tenant } = request;
      const user = request.user!;
      const loaded = await applicationFor(app, tenant, user, body.mfi_app_id);
      if (!loaded.ok) return failWith(reply, loaded);
      const bank = bankByCode(body.bank_name);
      if (!bank) return fail(reply, 400, said('app.bankCodeNotFound'));
      const file = await statementFileFor(app.db, tenant, user, body.file_id, loaded.value.id);
      if (!file.ok) return failWith(reply, file);
      await spendQuota(app.db, { tenant, user, applicationId: loaded.value.id }, 'statement', app.clock.now());
      const statement = await readStatementFile(app.storage, app.providers.statementReader, file.value, body.password, CAM_FAILED);
      if (!statement.ok) return failWith(reply, statement);

      const now = app.clock.now();
      const figures = camFigures(statement.value);
      const application = loaded.value;
      const workbook = await app.documents.camWorkbook(tenant, statement.value, figures, {
        tracker_id: application.tracker_id,
        borrower: typeof application.data.name === 'string' ? application.data.name : null,
        generated_at: new Date(now),
      });
      if (!workbook.ok)
        return workbook.refusal === 'busy' ? fail(reply, 429, said('msg.documentsBusy')) : fail(reply, 422, said('msg.documentTooComplex'));
      const bytes = workbook.value;
      const fileName = camFileName(typeof application.data.name === 'string' ? application.data.name : null, bank.code, new Date(now));
      const stored = await storeGeneratedFile(
        app.db,
        app.storage,
        tenant,
        {
          bytes,
          mime: XLSX_MIME,
          original_name: fileName,
          purpose: 'CAM',
          file_type: 'CAM',
          application_id: application.id,
          uploaded_by: user.id,
        },
        now,
      );
      return ok({
        download_url: signFileUrl(app.secrets.fileUrl, { tenant, fileId: stored.id, sessionId: user.session_id }, now),
        file_id: stored.id,
        file_name: fileName,
        bank_name: bank.code,
        statement_file_id: file.value.id,
        identity_data: statement.value.identity,
        period: { from: statement.value.period_from, to: statement.value.period_to },
        totals: figures.totals,
        months: figures.months,
      });
    },
  });
};
