// Business-detail submit (POST /api/v1/app/mfi/{id}/business-detail) on PostgreSQL under the
// load of the KYC submit benchmark (bench/application-submit.ts): the same server, seeded rows,
// 10 keep-alive clients and token checked on every request; each request a new business record
// (two banks with their statements, GSTIN, proofs, about 1.6 KB) with its own Idempotency-Key.
// The KYC submit runs first in the same run, and the ratio business / KYC is printed.
// Target: ratio >= 0.8.
//
//   npx tsx bench/business-submit.ts      (npm run bench -- business-submit)
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { signInByApi, startServerProcess, type ServerProcess } from '../tests/support/server-process';
import { CLIENTS, kycBody, load, prepare, report, RO, SECONDS, seed, WARM_UP_SECONDS, type Req } from './application-submit';
import { SHORT, type Run } from './http-load';
import { loadAverage, spread } from './server-start';
import { apiClient, createVerifiedApplication } from './application-fixture';

const STATEMENTS = join(import.meta.dirname, '..', 'tests', 'fixtures', 'statements');

/** About 1.6 KB of business details, unique per request: two banks, GST, proofs, remarks. */
function businessBody(n: number, files: { statements: string[]; proof: string }): string {
  return JSON.stringify({
    business_name: `Lakshmi General Store ${n}`,
    business_type: 'Sole Proprietorship',
    sector_of_business: 'Trading',
    category_of_business: 'Kirana and general store',
    business_pincode: '560001',
    business_district: 'Bangalore',
    business_city: 'Bengaluru',
    business_state: 'Karnataka',
    business_address: `14 Gandhi Nagar, Ward 3, shop ${n}`,
    businesss_landmark: 'Opposite the temple',
    business_address_ownership_type: 'SELF_OWNED',
    years_in_business: 6,
    bank_name: 'State Bank of India',
    statement_bank_id: 1,
    bank_code: 'SBIN',
    bank_statement: [files.statements[0]],
    bank_account_type: 'SAVINGS',
    credit_limit: 50000 + (n % 1000),
    bank_name1: 'Bank of Baroda',
    statement_bank_id1: 5,
    bank_code1: 'BARB',
    bank_statement1: [files.statements[1]],
    bank_statement_pwd1: 'LAKS1204',
    bank_account_type1: 'CURRENT',
    gst_no: '27CRYPY5532L1ZK',
    business_proof_type: 'GST registration certificate',
    upload_business_proof: files.proof,
    ownership_proof_type: 'BUSINESS',
    business_ownership_proof: 'land revenue receipt',
    business_ownership_proof_file: files.proof,
    remarks: `Shop visited, request ${n}. ${'Stock seen, neighbours confirm the shop has run for six years at this place. '.repeat(9)}`,
  });
}

const ROUNDS = SHORT ? 1 : Number(process.env.BENCH_ROUNDS ?? 3);
const ratioOf = (a: Run, b: Run) => a.count / a.seconds / (b.count / b.seconds);

export async function benchBusinessSubmit(): Promise<void> {
  console.log(
    `\nbusiness-submit on postgres: ${CLIENTS} clients, ${SECONDS} s per run, rows seeded as in application-submit, auth against the database on every request`,
  );
  const setup = await prepare('postgres');
  let server: ServerProcess = await startServerProcess({ quiet: true, env: setup.env });
  const token0 = await signInByApi(server.baseURL, RO);
  const { applicationId, fileIds } = await createVerifiedApplication(server.baseURL, token0);
  const api = apiClient(server.baseURL, token0);
  const pdf = (name: string) => new Uint8Array(readFileSync(join(STATEMENTS, name)));
  const statements = [
    await api.upload(
      { application_id: applicationId, file_type: 'BANK_STATEMENT', upload_type: 'LOAN_APPLICANT_BUSINESS_INFO', name_prefix: 'business' },
      pdf('lakshmi-devi-sbi.pdf'),
      'sbi.pdf',
      'application/pdf',
    ),
    await api.upload(
      { application_id: applicationId, file_type: 'BANK_STATEMENT1', upload_type: 'LOAN_APPLICANT_BUSINESS_INFO', name_prefix: 'business' },
      pdf('lakshmi-devi-bob-protected.pdf'),
      'bob.pdf',
      'application/pdf',
    ),
  ];
  const proof = await api.upload(
    { application_id: applicationId, file_type: 'BUSINESS_PROOF', upload_type: 'LOAN_APPLICANT_BUSINESS_INFO', name_prefix: 'business' },
    pdf('lakshmi-devi-sbi.pdf'),
    'proof.pdf',
    'application/pdf',
  );
  await server.stop({ keepData: true });
  const database = setup.open();
  const ids = await seed(database, applicationId);
  await database.close();
  server = await startServerProcess({ quiet: true, env: setup.env, dataDir: server.dataDir });
  try {
    const token = await signInByApi(server.baseURL, RO);
    let n = 0;
    const kyc = (): Req => {
      const i = n++;
      return { method: 'PATCH', path: `/api/v1/app/mfi/${ids[i % ids.length]}/basic-info`, key: randomUUID(), body: kycBody(i, fileIds) };
    };
    const business = (): Req => {
      const i = n++;
      return {
        method: 'POST',
        path: `/api/v1/app/mfi/${ids[i % ids.length]}/business-detail`,
        key: randomUUID(),
        body: businessBody(i, { statements, proof }),
      };
    };
    await load(server.port, token, kyc, WARM_UP_SECONDS); // warm-up
    await load(server.port, token, business, WARM_UP_SECONDS);
    // Interleaved (KYC, business, business, KYC, ...), so load on a shared machine moves both alike.
    const kycRps: number[] = [];
    const businessRps: number[] = [];
    const ratios: number[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      let kycRun: Run | undefined;
      let businessRun: Run | undefined;
      const timeKyc = async () => {
        kycRun = await load(server.port, token, kyc, SECONDS);
        report(`round ${round} KYC submit (new)`, kycRun);
      };
      const timeBusiness = async () => {
        businessRun = await load(server.port, token, business, SECONDS);
        report(`round ${round} business-detail (new)`, businessRun);
      };
      if (round % 2) await timeKyc().then(timeBusiness);
      else await timeBusiness().then(timeKyc);
      kycRps.push(kycRun!.count / kycRun!.seconds);
      businessRps.push(businessRun!.count / businessRun!.seconds);
      ratios.push(ratioOf(businessRun!, kycRun!));
      console.log(`  load average ${loadAverage()}`);
    }
    console.log(`req/s min / median / max over ${ROUNDS} rounds: KYC ${spread(kycRps)}, business-detail ${spread(businessRps)}`);
    console.log(`business-detail / KYC submit: ${spread(ratios, 2)} (target >= 0.8)`);
  } finally {
    await server.stop();
    await setup.database?.drop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchBusinessSubmit();
