import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { employmentInfoSchema, isReviewerDesignation, objectOrNull, refusedWhenBlank } from '../../../domain';
import { ApplicationGate } from '../../components/application-frame/application-gate';
import { useApplicationInUrl } from '../../components/application-frame/use-application-in-url';
import { ApplicationNotice } from '../../components/application-notice';
import { ErrorBanner } from '../../components/error-banner';
import { DocumentGroup, DraftStatus, fieldElement, FormSection, SelectField, TextField, useFocusRefusal } from '../../components/form';
import { ReviewRemarksPanel } from '../../components/review-remarks-panel';
import { WorkThenBankSteps } from '../../components/work-then-bank-steps';
import { useOnline } from '../../components/use-online';
import { loadFormDraft } from '../../db/drafts.actions';
import type { LocalApplication } from '../../db/records';
import { businessStepsText } from '../../i18n/business-steps.text';
import { useFeatureT } from '../../i18n/feature-text';
import { useProfile } from '../../session/use-session';
import {
  ADDRESS_TYPE_OPTIONS,
  EMPLOYMENT_ACCEPT,
  EMPLOYMENT_DOCUMENTS,
  EMPLOYMENT_FORM,
  EMPLOYMENT_UPLOAD,
  employmentFileField,
  employmentInputId,
  NORMALISE,
  toEmploymentValues,
  type EmploymentTextField,
  type EmploymentValues,
  COMPANY_PINCODE_LENGTH,
} from './employment-fields';
import { useEmploymentForm } from './use-employment-form';
import { employmentText, type EmploymentKey } from './employment.text';

// The documents Submit needs, marked before it (issue 31 N14).
const REQUIRED_DOCUMENTS = refusedWhenBlank(
  employmentInfoSchema,
  {},
  EMPLOYMENT_DOCUMENTS.map((doc) => doc.field),
);

const ERROR_ID = 'employment-error';
function EmploymentForm({
  app,
  serverId,
  initial,
  server,
}: {
  app: LocalApplication;
  serverId: string;
  initial: EmploymentValues;
  server: Record<string, unknown>;
}) {
  const { t } = useFeatureT(employmentText, businessStepsText);
  const online = useOnline();
  const navigate = useNavigate();
  const profile = useProfile();
  const { form, queued, saveError, lookup, setPincode } = useEmploymentForm({
    applicationLocalId: app.localId,
    initial,
    server,
    onQueued: () => navigate(`/application/bank-account-details?id=${serverId}`),
  });
  const { control } = form;
  const { error } = queued;
  const invalidField = error?.field;
  useFocusRefusal(queued.refusals, error, ERROR_ID, (field) => fieldElement(employmentInputId(field), employmentFileField(field)));
  const bound = (name: EmploymentTextField) => ({
    name,
    control,
    id: employmentInputId(name),
    error: invalidField === name ? error?.message : undefined,
    errorId: ERROR_ID,
    normalise: NORMALISE[name],
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void queued.submit();
  };
  return (
    <form className="employment-form" noValidate onSubmit={onSubmit}>
      <FormSection legend="employment.company" gridClassName="business-form__grid">
        <TextField {...bound('company_name')} label="employment.companyName" autoComplete="organization" />
        <TextField {...bound('designation')} label="employment.designation" autoComplete="organization-title" />
        <TextField
          {...bound('official_email')}
          label="employment.email"
          type="email"
          inputMode="email"
          autoComplete="off"
          autoCapitalize="off"
        />
        <TextField {...bound('monthly_in_hand_salary')} label="employment.salary" inputMode="numeric" autoComplete="off" />
        <TextField {...bound('work_experience_years')} label="employment.years" inputMode="numeric" autoComplete="off" />
        <TextField {...bound('work_experience_months')} label="employment.months" inputMode="numeric" autoComplete="off" />
        <TextField {...bound('company_sector')} label="employment.sector" autoComplete="off" />
        <TextField
          {...bound('company_website_link')}
          label="employment.website"
          type="url"
          inputMode="url"
          autoComplete="off"
          autoCapitalize="off"
        />
      </FormSection>
      <FormSection
        legend="employment.address"
        gridClassName="business-form__grid"
        footer={
          <p className="field-note" role="status">
            {lookup === 'looking'
              ? t('business.placeLooking')
              : lookup === 'failed'
                ? t('employment.placeNotFound')
                : t('employment.placeAuto')}
          </p>
        }
      >
        <TextField
          {...bound('company_pincode')}
          label="business.pincode"
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={COMPANY_PINCODE_LENGTH}
          onValue={setPincode}
        />
        <TextField {...bound('company_city')} label="business.city" readOnly />
        <TextField {...bound('company_state')} label="business.state" readOnly />
        <TextField {...bound('company_address')} label="employment.companyAddress" className="field--wide" autoComplete="street-address" />
        <SelectField {...bound('company_address_type')} label="employment.addressTypeLabel" options={ADDRESS_TYPE_OPTIONS} />
      </FormSection>
      {/* A reviewer (branch credit manager, branch manager) sees the server's files first (spec 02 §6). */}
      <DocumentGroup
        legend="employment.documents"
        note="employment.documentsNote"
        gridClassName="business-form__grid"
        itemClassName="business-document"
        previewIdPrefix="employment-preview"
        applicationLocalId={app.localId}
        reviewer={isReviewerDesignation(profile.mfi_employee)}
        invalidField={invalidField}
        serverNote="business.fileOnServer"
        documents={EMPLOYMENT_DOCUMENTS.map((doc) => ({
          field: doc.field,
          uploadField: employmentFileField(doc.field),
          label: doc.label as EmploymentKey,
          entryLabel: doc.entryLabel,
          fields: { ...EMPLOYMENT_UPLOAD, file_type: doc.file_type },
          accept: EMPLOYMENT_ACCEPT,
          serverFileId: typeof server[doc.field] === 'string' ? (server[doc.field] as string) : null,
          required: REQUIRED_DOCUMENTS.has(doc.field),
        }))}
      />
      <ErrorBanner id={ERROR_ID} message={error?.message} />
      <DraftStatus error={saveError} />
      {!online && <p className="field-note">{t('business.offlineNote')}</p>}
      <div className="business-form__actions">
        <button type="submit" className="button button--primary" disabled={queued.busy}>
          {queued.busy ? t('business.saving') : t('business.next')}
        </button>
      </div>
    </form>
  );
}

function EmploymentStep({ app, serverId }: { app: LocalApplication; serverId: string }) {
  const [initial, setInitial] = useState<EmploymentValues | null>(null);
  const serverView = app.server?.app_mfi_employment_info;
  const server = objectOrNull(serverView) ?? {};
  useEffect(() => {
    let active = true;
    const begin = (draft: Record<string, unknown> | undefined) =>
      active && setInitial(toEmploymentValues(draft ?? app.steps?.[EMPLOYMENT_FORM] ?? server));
    loadFormDraft(EMPLOYMENT_FORM, app.localId).then(begin, () => begin(undefined));
    return () => {
      active = false;
    };
  }, [app.localId]);
  return (
    <>
      <WorkThenBankSteps first={businessStepsText.en['employment.stepEmployment']} stage={app.stage} serverId={serverId} />
      <ReviewRemarksPanel
        status={typeof app.server?.status === 'string' ? app.server.status : app.status}
        remarks={typeof app.server?.remarks === 'string' ? app.server.remarks : null}
      />
      <ApplicationNotice applicationLocalId={app.localId} />
      {initial && <EmploymentForm app={app} serverId={serverId} initial={initial} server={server} />}
    </>
  );
}

/**
 * /application/employment and /application/personal-discussion (?id=): the salaried borrower's
 * employment and the personal discussion's three salary slips, one form (spec 02 screens 6, 9).
 */
export function EmploymentScreen({ title = 'employment.title' }: { title?: EmploymentKey }) {
  const { t } = useFeatureT(employmentText, businessStepsText);
  const frame = useApplicationInUrl();
  return (
    <section className="employment-screen" aria-labelledby="employment-title">
      <h1 id="employment-title">{t(title)}</h1>
      <ApplicationGate frame={frame} invalidMessage={t('business.invalidId')}>
        {({ app, serverId }) => <EmploymentStep app={app} serverId={serverId} />}
      </ApplicationGate>
    </section>
  );
}

export const PersonalDiscussionScreen = () => <EmploymentScreen title="employment.pdTitle" />;
