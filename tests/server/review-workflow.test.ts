import { randomBytes } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { APPLICATION_STATUSES } from '../../src/domain/policy/enums';
import { PD1_STAGES, PD2_STAGES, REVIEW_WORKFLOW } from '../../src/domain/policy/review-workflow';
import { applicationEvents, applications, coApplicants, users } from '../../src/server/db/schema';
import {
  BASE,
  borrowerBody,
  kycBody,
  LAKSHMI,
  officerWithApplication,
  otherOfficer,
  patchApplication,
  patchKyc,
  putBorrower,
  rowOf,
  verifyPan,
  verifyVoter,
  VIKRAM,
  withBorrowerStep,
} from './applications-fixtures';
import { ARJUN, KAVITA, login, RAVI } from './helpers/auth-flow';
import { get, post } from './helpers/http';
import { MINUTE, T0, useTestApp } from './helpers/test-app';
import {
  applicationAt,
  CPV_INFO,
  decide,
  move,
  OFFER,
  pd1Ready,
  pd2Data,
  REFERENCES,
  resubmit,
  writeData,
  acceptedOffer,
} from './review-fixtures';

// DECISIONS.md "Review workflow", move by move: who may make each move (every other designation
// 403), what it needs (409 naming each missing item), the history it leaves; the officer's
// resubmission and the branch manager's deviation decisions.

const ctx = useTestApp();
const w = {
  get app() {
    return ctx.app;
  },
  get db() {
    return ctx.db;
  },
  get clock() {
    return ctx.clock;
  },
};

const eventsOf = (id: string) =>
  ctx.db
    .select()
    .from(applicationEvents)
    .where(and(eq(applicationEvents.tenant_id, 'sahyog'), eq(applicationEvents.application_id, id)))
    .orderBy(asc(applicationEvents.id));

const userId = async (mobile: string) => {
  const [u] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.tenant_id, 'sahyog'), eq(users.mobile, mobile)));
  return u!.id;
};

type Who = 'RELATIONSHIP_OFFICER' | 'BRANCH_CREDIT_MANAGER' | 'BRANCH_MANAGER' | 'AGENT';
const EVERYONE: readonly Who[] = ['RELATIONSHIP_OFFICER', 'BRANCH_CREDIT_MANAGER', 'BRANCH_MANAGER', 'AGENT'];

describe('the DECISIONS table: each move × each designation', () => {
  it.each(REVIEW_WORKFLOW.map((m) => [`${m.from} → ${m.to}`, m] as const))(
    '%s: allowed exactly to the designations of the table; the move is in the history',
    async (_label, entry) => {
      // At `from` with what the move needs (Complete PD2 also needs issue 12's data).
      const readyFor = async () => {
        const at = await applicationAt(w, entry.from);
        if (entry.to === 'PD2_COMPLETE' && entry.from === 'PD1_COMPLETE') await pd2Data(w, at.id);
        return at;
      };
      const { id, tokens } = await readyFor();
      const tokenOf: Record<Who, string> = {
        RELATIONSHIP_OFFICER: tokens.officer,
        BRANCH_CREDIT_MANAGER: tokens.bcm,
        BRANCH_MANAGER: tokens.bm,
        AGENT: await login(ctx.app, KAVITA),
      };
      const remarks = 'Checked at the branch';
      // Refused designations first: none of them changes anything.
      const before = await rowOf(ctx.db, id);
      for (const who of EVERYONE.filter((d) => !entry.who.includes(d as never))) {
        const res = await move(w, id, tokenOf[who], entry.to, remarks);
        expect(res.status, `${who}: ${res.body.message}`).toBe(403);
      }
      expect(await rowOf(ctx.db, id)).toEqual(before);
      // A move the table does not have is 409, whoever asks.
      for (const to of APPLICATION_STATUSES.filter(
        (s) => s !== entry.from && !REVIEW_WORKFLOW.some((m) => m.from === entry.from && m.to === s),
      )) {
        const res = await move(w, id, tokens.bm, to, remarks);
        expect(res.status, `${entry.from} → ${to}`).toBe(409);
        expect(res.body.message).toMatch(new RegExp(`^An application in ${entry.from} cannot move to ${to}\\.`));
      }
      const eventsBefore = (await eventsOf(id)).length;
      // Each allowed designation makes it (on a fresh application after the first).
      for (const [i, who] of entry.who.entries()) {
        const target =
          i === 0
            ? { id, tokenOf }
            : await (async () => {
                const again = await readyFor();
                return { id: again.id, tokenOf: { ...tokenOf, RELATIONSHIP_OFFICER: again.tokens.officer } };
              })();
        ctx.clock.advance(MINUTE);
        const res = await move(w, target.id, target.tokenOf[who], entry.to, remarks);
        expect(res.status, `${who}: ${res.body.message}`).toBe(200);
        expect(res.body.data.status).toBe(entry.to);
        expect(res.body.data.history[0]).toMatchObject({
          at: new Date(ctx.clock.now()).toISOString(),
          actor_designation: who,
          action: 'MOVED',
          from: entry.from,
          to: entry.to,
          remarks,
        });
        const row = await rowOf(ctx.db, target.id);
        expect(row.status).toBe(entry.to);
        expect(row.resubmitted_at).toBeNull();
      }
      expect((await eventsOf(id)).length).toBe(eventsBefore + 1);
    },
  );

  it('the officer’s own application: another officer is told it does not exist (404)', async () => {
    const { id } = await applicationAt(w, 'PD1_REVIEW');
    const res = await move(w, id, await otherOfficer(ctx.app, ctx.db), 'PD1_COMPLETE');
    expect(res.status).toBe(404);
  });
});

describe('what each move needs, named in the 409', () => {
  it('Complete PD1: the missing stages, verifications and undecided deviations, in that order', async () => {
    const { token, id } = await officerWithApplication(ctx.app);
    await verifyPan(ctx.app, token, id, LAKSHMI.pan);
    await verifyVoter(ctx.app, token, id, LAKSHMI.voter);
    expect((await putBorrower(ctx.app, id, borrowerBody(LAKSHMI), { token })).status).toBe(200);
    await writeData(ctx.db, id, {
      deviations: [
        { type: 'BORROWER_NAME_MISMATCH_DEVIATION', info: {}, status: 'REJECTED' },
        { type: 'BANK_NAME_MISMATCH_DEVIATION', info: {}, status: 'PENDING' },
      ],
    });
    const bm = await login(ctx.app, ARJUN);
    const res = await move(w, id, bm, 'PD1_COMPLETE');
    expect(res.body).toEqual({
      success: false,
      status_code: 409,
      message:
        'Cannot move from DRAFT to PD1_COMPLETE yet. Still needed: stage BORROWER_BASIC_INFO, stage CO_BORROWER, stage FAMILY_MEMBER, ' +
        'stage BUSINESS_INFO, stage BANK_ACCOUNT, Aadhaar verified, a decision on the deviation PENDING: BANK_NAME_MISMATCH_DEVIATION, ' +
        'an approval of the deviation REJECTED: BORROWER_NAME_MISMATCH_DEVIATION.',
    });
    expect((await rowOf(ctx.db, id)).status).toBe('DRAFT');
    expect(await eventsOf(id)).toEqual([]);
  });

  it('an unsecured loan needs the GUARANTOR stage too', async () => {
    const { id, tokens } = await pd1Ready(w);
    await writeData(ctx.db, id, { loan_type: 'UNSECURED_BUSINESS_LOAN' });
    const res = await move(w, id, tokens.bm, 'PD1_COMPLETE');
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Cannot move from DRAFT to PD1_COMPLETE yet. Still needed: stage GUARANTOR.');
    await writeData(ctx.db, id, {}, [...PD1_STAGES, 'GUARANTOR']);
    expect((await move(w, id, tokens.bm, 'PD1_COMPLETE')).status).toBe(200);
  });

  it('an active co-applicant’s pending deviation blocks Complete PD1 until the branch manager decides it; a rejected co-applicant’s does not count', async () => {
    const { id, tokens } = await pd1Ready(w);
    const ravi = await userId(RAVI);
    const co = (status: string, name: string) => ({
      tenant_id: 'sahyog',
      id: randomBytes(16).toString('hex'),
      application_id: id,
      type: 'CO_BORROWER',
      status,
      data: { name, pan: LAKSHMI.pan, deviations: [{ type: 'CO_BORROWER_NAME_MISMATCH_DEVIATION', info: {}, status: 'PENDING' }] },
      created_by: ravi,
      created_at: new Date(T0),
      updated_at: new Date(T0),
    });
    const active = co('ACTIVE', 'RAMESH YADAV');
    await ctx.db.insert(coApplicants).values([active, co('REJECTED', 'VIKRAM JOSHI')]);
    const blocked = await move(w, id, tokens.bm, 'PD1_COMPLETE');
    expect(blocked.body.message).toBe(
      'Cannot move from DRAFT to PD1_COMPLETE yet. Still needed: a decision on the deviation PENDING: CO_BORROWER_NAME_MISMATCH_DEVIATION (RAMESH YADAV).',
    );
    ctx.clock.advance(MINUTE);
    const decided = await decide(w, id, tokens.bm, {
      type: 'CO_BORROWER_NAME_MISMATCH_DEVIATION',
      co_applicant_id: active.id,
      decision: 'APPROVED',
      remarks: 'Same person: initials differ',
    });
    expect(decided.status, decided.body.message).toBe(200);
    const coView = decided.body.data.co_applicants.find((c: { id: string }) => c.id === active.id);
    expect(coView.deviations[0]).toMatchObject({
      type: 'CO_BORROWER_NAME_MISMATCH_DEVIATION',
      status: 'APPROVED',
      remarks: 'Same person: initials differ',
    });
    expect(decided.body.data.history[0]).toMatchObject({
      action: 'DEVIATION_APPROVED',
      actor_name: 'Arjun Singh',
      actor_designation: 'BRANCH_MANAGER',
      from: 'DRAFT',
      to: 'DRAFT',
      remarks: 'Same person: initials differ',
    });
    expect((await move(w, id, tokens.bm, 'PD1_COMPLETE')).status).toBe(200);
  });

  it('PD1 Review and PD2 Review need remarks of at least 3 characters; a rejection needs a reason', async () => {
    const { id, tokens } = await applicationAt(w, 'PD1_COMPLETE');
    for (const remarks of [undefined, '', '  ab  ']) {
      const res = await move(w, id, tokens.bcm, 'PD1_REVIEW', remarks);
      expect(res.status).toBe(409);
      expect(res.body.message).toBe('Cannot move from PD1_COMPLETE to PD1_REVIEW yet. Still needed: remarks (at least 3 characters).');
    }
    const reject = await move(w, id, tokens.bcm, 'REJECTED', ' ');
    expect(reject.body.message).toBe(
      'Cannot move from PD1_COMPLETE to REJECTED yet. Still needed: a reason in the remarks (at least 3 characters).',
    );
    const pd2 = await applicationAt(w, 'PD2_COMPLETE');
    const res = await move(w, pd2.id, pd2.tokens.bcm, 'PD2_REVIEW');
    expect(res.body.message).toBe('Cannot move from PD2_COMPLETE to PD2_REVIEW yet. Still needed: remarks (at least 3 characters).');
  });

  it('Complete PD2: both CPV stages with their selfies with BCM, the references and a computed offer', async () => {
    const { id, tokens } = await applicationAt(w, 'PD1_COMPLETE');
    const none = await move(w, id, tokens.bcm, 'PD2_COMPLETE');
    expect(none.body.message).toBe(
      'Cannot move from PD1_COMPLETE to PD2_COMPLETE yet. Still needed: stage CPV_BUSINESS_PLACE, the selfie with BCM of the business place, ' +
        'stage CPV_RESIDENCE, the selfie with BCM of the residence, stage REFERENCES, a computed loan offer.',
    );
    await pd2Data(w, id);
    await writeData(ctx.db, id, {
      app_mfi_cpv_info: { ...CPV_INFO, residence: { ...CPV_INFO.residence, house_selfie_photo_file: null } },
      loan_offer: { ...OFFER, decision: 'REJECTED', reasons: ['LOW_BRE_SCORE'] },
    });
    const partly = await move(w, id, tokens.bcm, 'PD2_COMPLETE');
    expect(partly.body.message).toBe(
      'Cannot move from PD1_COMPLETE to PD2_COMPLETE yet. Still needed: the selfie with BCM of the residence, a computed loan offer.',
    );
    await writeData(ctx.db, id, { app_mfi_cpv_info: CPV_INFO, loan_offer: OFFER, reference_list: REFERENCES }, [
      ...PD1_STAGES,
      ...PD2_STAGES,
    ]);
    expect((await move(w, id, tokens.bcm, 'PD2_COMPLETE')).status).toBe(200);
  });

  it('the final submit (APPROVED) needs the accepted offer', async () => {
    const { id, tokens } = await applicationAt(w, 'PD2_COMPLETE');
    await writeData(ctx.db, id, { loan_offer: OFFER });
    const res = await move(w, id, tokens.bcm, 'APPROVED');
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Cannot move from PD2_COMPLETE to APPROVED yet. Still needed: the accepted offer.');
    await writeData(ctx.db, id, { loan_offer: await acceptedOffer(w, id) });
    const approved = await move(w, id, tokens.bcm, 'APPROVED');
    expect(approved.status).toBe(200);
    expect((await move(w, id, tokens.bcm, 'REJECTED', 'Too late')).body.message).toBe(
      'This application is approved: its status can no longer change.',
    );
  });

  it('back from PD2_REVIEW needs a change since the review', async () => {
    const { id, tokens } = await applicationAt(w, 'PD2_COMPLETE');
    ctx.clock.advance(MINUTE);
    expect((await move(w, id, tokens.bcm, 'PD2_REVIEW', 'Recheck the residence')).status).toBe(200);
    const unchanged = await move(w, id, tokens.bcm, 'PD2_COMPLETE');
    expect(unchanged.status).toBe(409);
    expect(unchanged.body.message).toBe('Cannot move from PD2_REVIEW to PD2_COMPLETE yet. Still needed: a change since the review.');
    ctx.clock.advance(MINUTE);
    expect((await patchApplication(ctx.app, id, { landmark: 'Behind the school' }, { token: tokens.bcm })).status).toBe(200);
    expect((await move(w, id, tokens.bcm, 'PD2_COMPLETE')).status).toBe(200);
  });
});

describe('the PD1 review loop: send back, correct, resubmit, complete', () => {
  it('the branch manager sends it back; the officer must change something and resubmit; then the branch manager completes PD1', async () => {
    const { id, tokens } = await applicationAt(w, 'PD1_COMPLETE');
    ctx.clock.advance(MINUTE);
    const back = await move(w, id, tokens.bm, 'PD1_REVIEW', 'Add the shop photo');
    expect(back.body.data).toMatchObject({ status: 'PD1_REVIEW', remarks: 'Add the shop photo' });
    const reviewedAt = ctx.clock.now();

    // Not yet resubmitted: the branch manager cannot complete it; the officer may not move it.
    expect((await move(w, id, tokens.bm, 'PD1_COMPLETE')).body.message).toBe(
      "Cannot move from PD1_REVIEW to PD1_COMPLETE yet. Still needed: the relationship officer's resubmission after a change since the review.",
    );
    const officerMove = await move(w, id, tokens.officer, 'PD1_COMPLETE');
    expect(officerMove.status).toBe(403);
    expect(officerMove.body.message).toBe(
      'Only a branch manager may move an application from PD1_REVIEW to PD1_COMPLETE. The relationship officer resubmits instead.',
    );

    // Nothing changed since the review (same instant as the move or later, untouched): refused.
    // A reviewer's identity check on the screen (name match) is a check, not the officer's change.
    ctx.clock.advance(MINUTE);
    const values = [
      { value: 'LAKSHMI DEVI', source: 'PAN' },
      { value: 'LAKSHMI DEVI', source: 'INPUT' },
    ];
    expect((await post(ctx.app, '/verification/v1/name_matcher', { application_id: id, values }, { token: tokens.bm })).status).toBe(200);
    // Nor is the branch manager's decision on a deviation.
    await writeData(ctx.db, id, { deviations: [{ type: 'BANK_NAME_MISMATCH_DEVIATION', info: { is_match: false }, status: 'PENDING' }] });
    const decision = { type: 'BANK_NAME_MISMATCH_DEVIATION', decision: 'APPROVED', remarks: 'Joint account with her husband' };
    expect((await decide(w, id, tokens.bm, decision)).status).toBe(200);
    const early = await resubmit(w, id, tokens.officer);
    expect(early.body).toEqual({
      success: false,
      status_code: 409,
      message: 'Cannot resubmit yet. Still needed: a change since the review.',
    });

    // Reviewers and other officers may not resubmit.
    expect((await resubmit(w, id, tokens.bm)).status).toBe(403);
    expect((await resubmit(w, id, tokens.bcm)).status).toBe(403);
    expect((await resubmit(w, id, await otherOfficer(ctx.app, ctx.db))).status).toBe(404);

    ctx.clock.advance(MINUTE);
    expect((await patchApplication(ctx.app, id, { emi_requested: 9000 }, { token: tokens.officer })).status).toBe(200);
    ctx.clock.advance(MINUTE);
    const resubmitted = await resubmit(w, id, tokens.officer, 'Shop photo added');
    expect(resubmitted.status, resubmitted.body.message).toBe(200);
    expect(resubmitted.body.data.status).toBe('PD1_REVIEW');
    expect(resubmitted.body.data.history[0]).toMatchObject({
      at: new Date(ctx.clock.now()).toISOString(),
      actor_name: 'Ravi Kumar',
      actor_designation: 'RELATIONSHIP_OFFICER',
      action: 'RESUBMITTED',
      from: 'PD1_REVIEW',
      to: 'PD1_REVIEW',
      remarks: 'Shop photo added',
      // The sections changed since the send-back (the EMI asked for is the borrower's); the digests stay on the server.
      detail: { changed: ['borrower'] },
    });
    expect(resubmitted.body.data.resubmitted_at).toBe(new Date(ctx.clock.now()).toISOString());
    expect((await rowOf(ctx.db, id)).resubmitted_at?.getTime()).toBe(ctx.clock.now());
    // Again without a further change: refused.
    expect((await resubmit(w, id, tokens.officer)).body.message).toBe(
      'Cannot resubmit again yet. Still needed: a change since the last resubmission.',
    );

    ctx.clock.advance(MINUTE);
    const completed = await move(w, id, tokens.bm, 'PD1_COMPLETE', 'Photo fine now');
    expect(completed.status, completed.body.message).toBe(200);
    expect((await rowOf(ctx.db, id)).resubmitted_at).toBeNull();
    // Resubmitting needs the review status.
    expect((await resubmit(w, id, tokens.officer)).body.message).toBe(
      'Only an application in PD1_REVIEW can be resubmitted; this one is PD1_COMPLETE.',
    );

    // The whole history, newest first, with who, when, from, to and remarks.
    const view = await get(ctx.app, `${BASE}/${id}`, { token: tokens.bcm });
    expect(view.body.data.history.map((h: Record<string, unknown>) => [h.action, h.actor_name, h.from, h.to, h.remarks])).toEqual([
      ['MOVED', 'Arjun Singh', 'PD1_REVIEW', 'PD1_COMPLETE', 'Photo fine now'],
      ['RESUBMITTED', 'Ravi Kumar', 'PD1_REVIEW', 'PD1_REVIEW', 'Shop photo added'],
      ['DEVIATION_APPROVED', 'Arjun Singh', 'PD1_REVIEW', 'PD1_REVIEW', 'Joint account with her husband'],
      ['MOVED', 'Arjun Singh', 'PD1_COMPLETE', 'PD1_REVIEW', 'Add the shop photo'],
      ['MOVED', 'Arjun Singh', 'DRAFT', 'PD1_COMPLETE', null],
    ]);
    expect(view.body.data.history[3].at).toBe(new Date(reviewedAt).toISOString());
    const rows = await eventsOf(id);
    expect(rows.map((r) => r.actor_id)).toEqual([
      await userId(ARJUN),
      await userId(ARJUN),
      await userId(ARJUN),
      await userId(RAVI),
      await userId(ARJUN),
    ]);
    // The designation shown is the one the actor acted under, even after it changes.
    await ctx.db
      .update(users)
      .set({ mfi_employee: 'BRANCH_CREDIT_MANAGER' })
      .where(and(eq(users.tenant_id, 'sahyog'), eq(users.mobile, ARJUN)));
    const later = await get(ctx.app, `${BASE}/${id}`, { token: tokens.bcm });
    expect(later.body.data.history[0]).toMatchObject({ actor_name: 'Arjun Singh', actor_designation: 'BRANCH_MANAGER' });
  });

  it('a change to a co-applicant counts as a change since the review', async () => {
    const { id, tokens } = await applicationAt(w, 'PD1_COMPLETE');
    ctx.clock.advance(MINUTE);
    await move(w, id, tokens.bm, 'PD1_REVIEW', 'Co-borrower phone wrong');
    ctx.clock.advance(MINUTE);
    await ctx.db.insert(coApplicants).values({
      tenant_id: 'sahyog',
      id: randomBytes(16).toString('hex'),
      application_id: id,
      type: 'GUARANTOR',
      status: 'REJECTED',
      data: { name: 'VIKRAM JOSHI' },
      created_by: await userId(RAVI),
      created_at: new Date(ctx.clock.now()),
      updated_at: new Date(ctx.clock.now()),
    });
    const resubmitted = await resubmit(w, id, tokens.officer);
    expect(resubmitted.status).toBe(200);
    // Only the co-applicants' section changed.
    expect(resubmitted.body.data.history[0]).toMatchObject({ action: 'RESUBMITTED', detail: { changed: ['co_applicants'] } });
  });
});

describe('other status changes in the history', () => {
  it('the bureau’s rejection (DRAFT → REJECTED) and Change Loan Type reopening it (REJECTED → DRAFT) are recorded', async () => {
    const { token, id } = await withBorrowerStep(ctx.app, VIKRAM);
    expect((await patchKyc(ctx.app, id, await kycBody(ctx.db), { token })).body.data.status).toBe('REJECTED');
    ctx.clock.advance(MINUTE);
    const changed = await patchApplication(
      ctx.app,
      id,
      { loan_type: 'UNSECURED_BUSINESS_LOAN', amount_requested: 150000, tenure_requested: 24 },
      { token },
    );
    expect(changed.body.data.status).toBe('DRAFT');
    expect(changed.body.data.history).toEqual([
      {
        at: new Date(ctx.clock.now()).toISOString(),
        actor_name: 'Ravi Kumar',
        actor_designation: 'RELATIONSHIP_OFFICER',
        action: 'MOVED',
        from: 'REJECTED',
        to: 'DRAFT',
        remarks: null,
        detail: { reason: 'LOAN_TYPE_CHANGED', loan_type: 'UNSECURED_BUSINESS_LOAN' },
      },
      // The bureau's rejection on the KYC submit, with its reasons.
      {
        at: new Date(ctx.clock.now() - MINUTE).toISOString(),
        actor_name: 'Ravi Kumar',
        actor_designation: 'RELATIONSHIP_OFFICER',
        action: 'MOVED',
        from: 'DRAFT',
        to: 'REJECTED',
        remarks: 'OVERDUE_AMOUNT_PRESENT',
        detail: { by: 'BUREAU', reasons: ['OVERDUE_AMOUNT_PRESENT'] },
      },
    ]);
  });

  it('an update without a status change records nothing', async () => {
    const { id, tokens } = await pd1Ready(w);
    expect((await patchApplication(ctx.app, id, { remarks: 'Checked', status: 'DRAFT' }, { token: tokens.bcm })).status).toBe(200);
    expect(await eventsOf(id)).toEqual([]);
  });
});

describe('PATCH /:id/deviation', () => {
  const pending = [{ type: 'BANK_NAME_MISMATCH_DEVIATION', info: { is_match: false }, status: 'PENDING' }];
  const body = { type: 'BANK_NAME_MISMATCH_DEVIATION', decision: 'REJECTED', remarks: 'Account belongs to the husband' };

  it('the branch manager only: the officer and the credit manager 403, an AGENT 403, another officer 404', async () => {
    const { id, tokens } = await pd1Ready(w);
    await writeData(ctx.db, id, { deviations: pending });
    expect((await decide(w, id, tokens.officer, body)).status).toBe(403);
    expect((await decide(w, id, tokens.bcm, body)).body.message).toBe('Only a branch manager may approve or reject a deviation.');
    expect((await decide(w, id, await login(ctx.app, KAVITA), body)).status).toBe(403);
    expect((await decide(w, id, await otherOfficer(ctx.app, ctx.db), body)).status).toBe(404);
    expect((await rowOf(ctx.db, id)).data.deviations).toEqual(pending);
  });

  it.each([
    [{ ...body, decision: 'MAYBE' }, 'decision must be APPROVED or REJECTED'],
    [{ ...body, remarks: 'ok' }, 'Please enter remarks of at least 3 characters'],
    [{ ...body, remarks: undefined }, 'Please enter remarks of at least 3 characters'],
    [{ ...body, type: 'OTHER' }, 'Invalid deviation type'],
    [{ ...body, co_applicant_id: 'x' }, 'Invalid co-applicant id'],
  ])('400 with the reason for %j', async (bad, message) => {
    const { id, tokens } = await pd1Ready(w);
    const res = await decide(w, id, tokens.bm, bad);
    expect(res.body).toEqual({ success: false, status_code: 400, message });
  });

  it('records the decision on the deviation and in the history; a deviation the application does not have is 409', async () => {
    const { id, tokens } = await pd1Ready(w);
    expect((await decide(w, id, tokens.bm, body)).body.message).toBe('This application has no deviation BANK_NAME_MISMATCH_DEVIATION.');
    await writeData(ctx.db, id, { deviations: pending });
    ctx.clock.advance(MINUTE);
    const res = await decide(w, id, tokens.bm, body);
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.data.deviations).toEqual([
      {
        ...pending[0],
        status: 'REJECTED',
        remarks: 'Account belongs to the husband',
        decided_by: await userId(ARJUN),
        decided_at: new Date(ctx.clock.now()).toISOString(),
      },
    ]);
    expect(res.body.data.history[0]).toMatchObject({ action: 'DEVIATION_REJECTED', remarks: 'Account belongs to the husband' });
    // The same decision again changes nothing; a rejected deviation still blocks Complete PD1.
    expect((await decide(w, id, tokens.bm, body)).status).toBe(200);
    expect(await eventsOf(id)).toHaveLength(1);
    expect((await move(w, id, tokens.bm, 'PD1_COMPLETE')).body.message).toBe(
      'Cannot move from DRAFT to PD1_COMPLETE yet. Still needed: an approval of the deviation REJECTED: BANK_NAME_MISMATCH_DEVIATION.',
    );
    const approved = await decide(w, id, tokens.bm, { ...body, decision: 'APPROVED', remarks: 'Joint account confirmed' });
    expect(approved.body.data.deviations[0].status).toBe('APPROVED');
    expect((await move(w, id, tokens.bm, 'PD1_COMPLETE')).status).toBe(200);
  });

  it('a final application’s deviations are closed (409)', async () => {
    const { id, tokens } = await pd1Ready(w);
    await writeData(ctx.db, id, { deviations: pending });
    await ctx.db.update(applications).set({ status: 'REJECTED' }).where(eq(applications.id, id));
    expect((await decide(w, id, tokens.bm, body)).status).toBe(409);
  });
});
