import type { FormEvent } from 'react';
import { ErrorBanner } from '../../components/error-banner';
import { DraftStatus } from '../../components/form';
import { useFeatureT } from '../../i18n/feature-text';
import { isGuestSession } from '../../session/session.storage';
import { AddressSection } from './address-section';
import { ContactSection } from './contact-section';
import { IdentitySection } from './identity-section';
import { PersonalSection } from './personal-section';
import { ProductSection } from './product-section';
import type { BorrowerMethod } from './borrower-submit';
import type { BorrowerDraft } from './use-borrower-start';
import { useBorrowerForm } from './use-borrower-form';
import { borrowerText } from './borrower.text';

type BorrowerFormProps = {
  localId: string | undefined;
  serverId: string | undefined;
  initial: BorrowerDraft;
  method: BorrowerMethod;
  gated: boolean;
  /** The access policy lets this caller run checks on the application now. */
  mayVerify: boolean;
};

const NEXT_NOTE = 'borrower-next-note';
const MISMATCH = 'borrower-mismatch';

/** The borrower form: its sections in spec order, the first message, the mismatch warning and Next. */
export function BorrowerForm(props: BorrowerFormProps) {
  const { t } = useFeatureT(borrowerText);
  const model = useBorrowerForm(props);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void model.submit();
  };

  // The borrower applying herself reads plain words; the staff keep theirs.
  const guest = isGuestSession();
  const proceed = guest ? t('borrower.continueGuest') : t('borrower.continueDeviation');
  const label = model.busy ? t('borrower.saving') : model.mismatch ? proceed : t('borrower.next');
  const described = [model.nextBlocked ? NEXT_NOTE : '', model.mismatch ? MISMATCH : ''].filter(Boolean).join(' ') || undefined;

  return (
    <form className="borrower-form" noValidate onSubmit={submit}>
      <ContactSection model={model} serverId={props.serverId} />
      <PersonalSection model={model} />
      <IdentitySection model={model} serverId={props.serverId} />
      <AddressSection model={model} />
      <ProductSection model={model} />
      {model.mismatch && (
        <p id={MISMATCH} className="form-warning" role="status">
          {t(guest ? 'borrower.nameMismatchGuest' : 'borrower.nameMismatch')}
        </p>
      )}
      <ErrorBanner id="borrower-error" message={model.banner} />
      <DraftStatus error={model.saveError} />
      <div className="borrower-actions">
        <button type="submit" className="button button--primary" disabled={model.busy || model.nextBlocked} aria-describedby={described}>
          {label}
        </button>
        {model.nextBlocked && (
          <p id={NEXT_NOTE} className="field-note">
            {t('borrower.verifyBeforeNext')}
          </p>
        )}
      </div>
    </form>
  );
}
