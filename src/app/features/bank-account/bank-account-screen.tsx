import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { isReviewerDesignation, mayChangeApplication, type BankListItem } from '../../../domain';
import { refreshBankList } from '../../api/business-lookups.api';
import { ApplicationGate } from '../../components/application-frame/application-gate';
import { useApplicationInUrl } from '../../components/application-frame/use-application-in-url';
import { ApplicationNotice } from '../../components/application-notice';
import { ReviewRemarksPanel } from '../../components/review-remarks-panel';
import { StepIndicator } from '../../components/step-indicator';
import { useOnline } from '../../components/use-online';
import { loadFormDraft } from '../../db/drafts.actions';
import { LOOKUP_KEYS } from '../../db/lookups.actions';
import { useCachedList } from '../../db/lookups.hooks';
import type { LocalApplication } from '../../db/records';
import { businessStepsText } from '../../i18n/business-steps.text';
import { useFeatureT } from '../../i18n/feature-text';
import { useProfile } from '../../session/use-session';
import { isObject } from '../../../domain/shared/is-object';
import { BANK_FORM, toBankChecks, toBankValues, type BankChecks, type BankValues } from './bank-account-fields';
import { BankAccountForm } from './bank-account-form';
import { bankAccountText } from './bank-account.text';

const STEPS = [businessStepsText.en['business.stepBusiness'], businessStepsText.en['business.stepBank']] as const;
const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined);

/** Spec 02 §4: after the bank, the CPV role goes to cpv-info, everyone else to the success page. */
export const afterBankPath = (designation: string | null | undefined, serverId: string) =>
  designation === 'BRANCH_CREDIT_MANAGER' ? `/application/cpv-info?id=${serverId}` : `/application/success?id=${serverId}`;

function BankStep({ app, serverId }: { app: LocalApplication; serverId: string }) {
  const navigate = useNavigate();
  const online = useOnline();
  const profile = useProfile();
  const banks = useCachedList<BankListItem>(LOOKUP_KEYS.bankList, refreshBankList, online);
  const [start, setStart] = useState<{ values: BankValues; checks: BankChecks } | null>(null);
  const server = isObject(app.server?.app_mfi_bank_account) ? app.server.app_mfi_bank_account : {};

  useEffect(() => {
    let active = true;
    const begin = (draft: Record<string, unknown> | undefined) => {
      const source = draft ?? app.steps?.[BANK_FORM] ?? server;
      if (active) setStart({ values: toBankValues(source), checks: toBankChecks(source) });
    };
    loadFormDraft(BANK_FORM, app.localId).then(begin, () => begin(undefined));
    return () => {
      active = false;
    };
    // Once per application: later changes of the application must not reset what is typed.
  }, [app.localId]);

  const remarks = typeof app.server?.remarks === 'string' ? app.server.remarks : null;
  const status = typeof app.server?.status === 'string' ? app.server.status : app.status;
  const borrowerName = text(app.steps?.borrower?.name) ?? text(app.server?.name) ?? text(app.name);
  const phone = text(app.steps?.borrower?.phone) ?? text(app.server?.phone) ?? text(app.phone);
  // Spec 02 §6: the branch manager updates through the separate call (PATCH), everyone else POSTs.
  const method = profile.mfi_employee === 'BRANCH_MANAGER' ? 'PATCH' : 'POST';
  return (
    <>
      <StepIndicator
        steps={STEPS}
        current={1}
        completed={app.stage.includes('BUSINESS_INFO') ? [0] : []}
        onSelect={() => navigate(`/application/business?id=${serverId}`)}
      />
      <ReviewRemarksPanel status={status} remarks={remarks} />
      <ApplicationNotice applicationLocalId={app.localId} />
      {start && (
        <BankAccountForm
          applicationLocalId={app.localId}
          serverId={serverId}
          initial={start.values}
          initialChecks={start.checks}
          server={server}
          banks={banks}
          borrowerName={borrowerName}
          phone={phone}
          method={method}
          reviewer={isReviewerDesignation(profile.mfi_employee)}
          mayChange={mayChangeApplication(profile.mfi_employee, status)}
          onQueued={() => navigate(afterBankPath(profile.mfi_employee, serverId))}
        />
      )}
    </>
  );
}

/** /application/bank-account-details?id=<application id>: the bank account (spec 02 §2 screen 8). */
export function BankAccountScreen() {
  const { t } = useFeatureT(bankAccountText, businessStepsText);
  const frame = useApplicationInUrl();
  return (
    <section className="bank-account-screen" aria-labelledby="bank-title">
      <h1 id="bank-title">{t('bank.title')}</h1>
      <ApplicationGate frame={frame} invalidMessage={t('business.invalidId')}>
        {({ app, serverId }) => <BankStep app={app} serverId={serverId} />}
      </ApplicationGate>
    </section>
  );
}
