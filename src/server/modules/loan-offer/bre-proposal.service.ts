import { type BreInputsView, type ConfirmRejectionRequest, type LoanOfferView } from '../../../domain';
import { transact } from '../../db/transact';
import { accept, refuse, type Outcome } from '../../outcome';
import { recordEvent } from '../../kernels/history';
import { breInputsOf, isOfferCurrent } from '../../kernels/offers';
import { pricingOf } from './loan-offer.pricing';
import { statusRefusal } from '../../kernels/access';
import { loadForOffer, storedOffer, writeOffer, type OfferCall } from './loan-offer.service';
import { loanOfferView } from './loan-offer.view';
import { said } from '../../kernels/messages';

/**
 * The engine proposes, the credit manager decides (DECISIONS.md "Business rules engine and loan
 * offer"): opening the offer reads the engine's inputs and the stored offer, and decides nothing;
 * a REJECTED proposal moves the application only when the credit manager confirms it.
 */

/** GET /api/v1/bureau/bre: the inputs now (the CPV figures and the surplus with its parts), the stored offer, and whether it is current. Writes nothing. */
export async function readBreInputs(call: OfferCall, applicationId: string): Promise<Outcome<BreInputsView>> {
  const loaded = await loadForOffer(call, applicationId, 'offer-read');
  if (!loaded.ok) return loaded;
  const row = loaded.value;
  const inputs = breInputsOf(row.data);
  const offer = storedOffer(row);
  const pricing = offer ? await pricingOf(call.db, call.tenant) : null;
  return accept({
    inputs: inputs.ok ? inputs.value : null,
    missing: inputs.ok ? [] : inputs.missing,
    offer: offer ? loanOfferView(offer, pricing!.disclosures, call.now) : null,
    offer_current: offer ? isOfferCurrent(offer, inputs) : false,
  });
}

/**
 * POST /api/v1/bureau/bre/confirm-rejection: the branch credit manager confirms the engine's
 * REJECTED proposal while it is still current (the figures unchanged since the engine ran). The
 * application moves to REJECTED with the reasons, in one transaction with its history entry: the
 * BRE as the decider, the credit manager as the one who confirmed.
 */
export async function confirmBreRejection(call: OfferCall, body: ConfirmRejectionRequest): Promise<Outcome<LoanOfferView>> {
  const loaded = await loadForOffer(call, body.application_id, 'confirm-rejection');
  if (!loaded.ok) return loaded;
  const row = loaded.value;
  const closed = statusRefusal(call.user, row, 'confirm-rejection');
  if (closed) return closed;
  const proposal = storedOffer(row);
  if (!proposal || proposal.decision !== 'REJECTED') return refuse(409, said('loanOffer.noRejectionProposed'));
  if (!isOfferCurrent(proposal, breInputsOf(row.data))) return refuse(409, said('loanOffer.proposalOutdated'));

  const at = new Date(call.now).toISOString();
  const offer = { ...proposal, rejection_confirmed_at: at };
  const pricing = await pricingOf(call.db, call.tenant);
  return transact(call.db, async (tx) => {
    const written = await writeOffer(call, row, { loan_offer: offer, rejection_reason: offer.reasons.join(',') }, 'REJECTED', tx);
    if (!written.ok) return written;
    await recordEvent(tx, {
      tenant: call.tenant,
      applicationId: row.id,
      at: call.now,
      actorId: call.user.id,
      action: 'MOVED',
      from: row.status,
      to: 'REJECTED',
      remarks: offer.reasons.join(', '),
      detail: {
        by: 'BRE',
        confirmed_by: call.user.id,
        reasons: offer.reasons,
        bre_score: offer.bre_score,
        monthly_surplus: offer.monthly_surplus,
      },
    });
    return accept(loanOfferView(offer, pricing.disclosures, call.now));
  });
}
