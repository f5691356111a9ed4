import { useNavigate } from 'react-router-dom';
import { businessStepsText } from '../i18n/business-steps.text';
import { isGuestSession } from '../session/session.storage';
import { StepIndicator } from './step-indicator';

/**
 * The sub-step bar over the business or employment step: that step, then the bank account. A
 * borrower applying herself sees none: the bank account is the officer's after the take-over.
 */
export function WorkThenBankSteps({ first, stage, serverId }: { first: string; stage: readonly string[]; serverId: string }) {
  const navigate = useNavigate();
  if (isGuestSession()) return null;
  return (
    <StepIndicator
      steps={[first, businessStepsText.en['business.stepBank']]}
      current={0}
      completed={stage.includes('BANK_ACCOUNT') ? [1] : []}
      onSelect={() => navigate(`/application/bank-account-details?id=${serverId}`)}
    />
  );
}
