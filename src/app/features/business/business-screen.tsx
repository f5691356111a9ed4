import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { objectOrNull, isReviewerDesignation, type BankListItem, type BusinessCategoryItem } from '../../../domain';
import { refreshBankList, refreshBusinessCategories } from '../../api/business-lookups.api';
import { ApplicationGate } from '../../components/application-frame/application-gate';
import { useApplicationInUrl } from '../../components/application-frame/use-application-in-url';
import { ApplicationNotice } from '../../components/application-notice';
import { ReviewRemarksPanel } from '../../components/review-remarks-panel';
import { WorkThenBankSteps } from '../../components/work-then-bank-steps';
import { useOnline } from '../../components/use-online';
import { loadFormDraft } from '../../db/drafts.actions';
import { LOOKUP_KEYS } from '../../db/lookups.actions';
import { useCachedList } from '../../db/lookups.hooks';
import type { LocalApplication } from '../../db/records';
import { businessStepsText } from '../../i18n/business-steps.text';
import { useFeatureT } from '../../i18n/feature-text';
import { useProfile } from '../../session/use-session';
import { BUSINESS_FORM, toBusinessValues, type BusinessValues } from './business-fields';
import { BusinessForm } from './business-form';
import { stepSubmitMethod } from './business-submit';
import { businessText } from './business.text';

/** Spec 02 screen 7: step 1 of 2 (business, then the bank account). */
function BusinessStep({ app, serverId }: { app: LocalApplication; serverId: string }) {
  const navigate = useNavigate();
  const online = useOnline();
  const profile = useProfile();
  const banks = useCachedList<BankListItem>(LOOKUP_KEYS.bankList, refreshBankList, online);
  const categories = useCachedList<BusinessCategoryItem>(LOOKUP_KEYS.businessCategories, refreshBusinessCategories, online);
  const [initial, setInitial] = useState<BusinessValues | null>(null);
  const server = objectOrNull(app.server?.app_mfi_business_details) ?? {};

  useEffect(() => {
    let active = true;
    const begin = (draft: Record<string, unknown> | undefined) =>
      active && setInitial(toBusinessValues(draft ?? app.steps?.[BUSINESS_FORM] ?? server));
    loadFormDraft(BUSINESS_FORM, app.localId).then(begin, () => begin(undefined));
    return () => {
      active = false;
    };
    // Once per application: later changes of the application must not reset what is typed.
  }, [app.localId]);

  const status = typeof app.server?.status === 'string' ? app.server.status : app.status;
  const remarks = typeof app.server?.remarks === 'string' ? app.server.remarks : null;
  const borrowerPan = (app.steps?.borrower?.pan ?? app.server?.pan) as string | undefined;
  const method = stepSubmitMethod(profile.mfi_employee);
  return (
    <>
      <WorkThenBankSteps first={businessStepsText.en['business.stepBusiness']} stage={app.stage} serverId={serverId} />
      <ReviewRemarksPanel status={status} remarks={remarks} />
      <ApplicationNotice applicationLocalId={app.localId} />
      {initial && (
        <BusinessForm
          applicationLocalId={app.localId}
          serverId={serverId}
          initial={initial}
          server={server}
          banks={banks}
          categories={categories}
          borrowerPan={typeof borrowerPan === 'string' ? borrowerPan : undefined}
          method={method}
          reviewer={isReviewerDesignation(profile.mfi_employee)}
          onQueued={() => navigate(`/application/bank-account-details?id=${serverId}`)}
        />
      )}
    </>
  );
}

/** /application/business?id=<application id>: 'Business Details' (spec 02 §2 screen 7). */
export function BusinessScreen() {
  const { t } = useFeatureT(businessText, businessStepsText);
  const frame = useApplicationInUrl();
  return (
    <section className="business-screen" aria-labelledby="business-title">
      <h1 id="business-title">{t('business.title')}</h1>
      <ApplicationGate frame={frame} invalidMessage={t('business.invalidId')}>
        {({ app, serverId }) => <BusinessStep app={app} serverId={serverId} />}
      </ApplicationGate>
    </section>
  );
}
