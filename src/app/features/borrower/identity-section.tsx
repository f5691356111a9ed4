import { borrowerWarnings } from '../../../domain';
import { FormSection, TextField } from '../../components/form';
import { useFeatureT } from '../../i18n/feature-text';
import { voterIdRequired } from './borrower-checks';
import { borrowerBinding, borrowerInputId } from './borrower-fields';
import type { useBorrowerForm } from './use-borrower-form';
import { OfflineNote, VerifyAction } from './verify-action';
import { borrowerText } from './borrower.text';

type Model = ReturnType<typeof useBorrowerForm>;

/** PAN with Verify PAN, voter ID with Verify Voter Id: one-way, then read-only with a tick. */
export function IdentitySection({ model, serverId }: { model: Model; serverId: string | undefined }) {
  const { t } = useFeatureT(borrowerText);
  const { form, checks, errors, online, identity } = model;
  const bound = borrowerBinding(form.control, errors);
  const gender = form.watch('gender');
  const voterId = form.watch('voter_id');
  const pan = form.watch('pan');
  const panId = borrowerInputId('pan');
  const voterFieldId = borrowerInputId('voter_id');
  const warning = borrowerWarnings({ voter_id: voterId })[0]?.message;
  const panVerified = checks.pan !== null;
  const voterVerified = checks.voter !== null;

  return (
    <FormSection legend="borrower.identity" className="borrower-section">
      <TextField
        {...bound('pan')}
        label="borrower.pan"
        autoCapitalize="characters"
        autoComplete="off"
        readOnly={panVerified}
        describedBy={[panVerified ? `${panId}-verified` : '', panVerified ? `${panId}-holder` : '', online ? '' : `${panId}-offline`]}
        action={
          <VerifyAction
            id={panId}
            label={t('borrower.verifyPan')}
            verifiedLabel={t('borrower.panVerified')}
            verified={panVerified}
            online={online}
            busy={identity.busy === 'pan'}
            disabled={!serverId || pan.length < 10}
            onClick={() => void identity.verifyPan()}
          />
        }
      >
        {checks.pan?.name && (
          <p id={`${panId}-holder`} className="field-note">
            {t('borrower.nameOnPan', { name: checks.pan.name })}
          </p>
        )}
        <OfflineNote id={panId} online={online} verified={panVerified} />
      </TextField>

      <TextField
        {...bound('voter_id')}
        label="borrower.voterId"
        autoCapitalize="characters"
        autoComplete="off"
        readOnly={voterVerified}
        warning={warning}
        describedBy={[
          voterIdRequired(gender) ? `${voterFieldId}-required` : '',
          voterVerified ? `${voterFieldId}-verified` : '',
          voterVerified ? `${voterFieldId}-holder` : '',
          online ? '' : `${voterFieldId}-offline`,
        ]}
        action={
          <VerifyAction
            id={voterFieldId}
            label={t('borrower.verifyVoterId')}
            verifiedLabel={t('borrower.voterIdVerified')}
            verified={voterVerified}
            online={online}
            busy={identity.busy === 'voter'}
            disabled={!serverId || voterId.length < 10}
            onClick={() => void identity.verifyVoter()}
          />
        }
      >
        {voterIdRequired(gender) && !voterVerified && (
          <p id={`${voterFieldId}-required`} className="field-note">
            {t('borrower.voterIdRequired')}
          </p>
        )}
        {checks.voter?.name && (
          <p id={`${voterFieldId}-holder`} className="field-note">
            {t('borrower.nameOnVoterId', { name: checks.voter.name })}
          </p>
        )}
        <OfflineNote id={voterFieldId} online={online} verified={voterVerified} />
      </TextField>
    </FormSection>
  );
}
