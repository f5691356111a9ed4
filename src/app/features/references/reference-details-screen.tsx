import { useEffect, useState, type FormEvent } from 'react';
import { useWatch } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { digitsOnly, MAX_REFERENCES, mayFillCpv, referenceSchema } from '../../../domain';
import { isReadOnlyApplication } from '../../components/application-frame/frame-application';
import { ApplicationGate } from '../../components/application-frame/application-gate';
import { useApplicationInUrl } from '../../components/application-frame/use-application-in-url';
import { ErrorBanner } from '../../components/error-banner';
import {
  checkStepForm,
  DraftStatus,
  fieldElement,
  FormSection,
  SelectField,
  submitFailureMessage,
  TextField,
  useDraftAutosave,
  useFocusRefusal,
  useStepForm,
  type FormError,
} from '../../components/form';
import { deleteFormDraft, loadFormDraft, saveFormDraft } from '../../db/drafts.actions';
import { newLocalId } from '../../db/ids';
import type { LocalApplication } from '../../db/records';
import { useFeatureT } from '../../i18n/feature-text';
import { isGuestSession } from '../../session/session.storage';
import { useProfile } from '../../session/use-session';
import {
  REFERENCES_FORM,
  referencesPath,
  startingReferences,
  toReferenceValues,
  TYPE_OPTIONS,
  type ReferenceValues,
} from './references-fields';
import { referencesText } from './references.text';
import '../../styles/cpv-references.css';

const ERROR_ID = 'reference-error';
/** The draft of the reference being typed (which item, and its values), until it is saved into the list. */
const ITEM_FORM = 'reference_item';
type ItemDraft = { index: number; values: ReferenceValues };
const inputId = (name: string) => `reference-${name}`;

function ReferenceForm({
  list,
  index,
  app,
  serverId,
  draft,
}: {
  list: ReferenceValues[];
  index: number;
  app: LocalApplication;
  serverId: string;
  /** What was typed earlier into this item and not saved (a draft of the same item). */
  draft: ReferenceValues | undefined;
}) {
  const { t } = useFeatureT(referencesText);
  const navigate = useNavigate();
  const existing = list[index];
  const [error, setError] = useState<FormError | null>(null);
  const form = useStepForm({
    schema: referenceSchema,
    defaultValues: draft ?? existing ?? toReferenceValues({ id: newLocalId(), type: 'PERSONAL_REFERENCE' }),
    // A blank company name is "not entered".
    input: (values) => ({ ...values, company_name: values.company_name || undefined }),
  });
  const autosave = useDraftAutosave({
    form,
    draft: { form: ITEM_FORM, applicationLocalId: app.localId },
    snapshot: () => ({ index, values: form.getValues() }) satisfies ItemDraft,
    onChange: () => setError(null),
  });
  const type = useWatch({ control: form.control, name: 'type' });
  const [refusals, setRefusals] = useState(0);
  const [busy, setBusy] = useState(false);
  useFocusRefusal(refusals, error, ERROR_ID, (field) => fieldElement(inputId(field)));

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = await checkStepForm(form);
    if (!parsed.ok) {
      setError(parsed.error);
      setRefusals((n) => n + 1);
      return;
    }
    setBusy(true);
    try {
      const saved = toReferenceValues(parsed.data);
      const next = existing ? list.map((r, i) => (i === index ? saved : r)) : [...list, saved];
      await autosave.stop();
      await saveFormDraft(REFERENCES_FORM, { reference_list: next.slice(0, MAX_REFERENCES) }, app.localId);
      await deleteFormDraft(ITEM_FORM, app.localId);
      navigate(referencesPath(serverId));
    } catch (caught) {
      void autosave.reopen();
      setError({ message: submitFailureMessage(caught, true) });
      setRefusals((n) => n + 1);
    } finally {
      setBusy(false);
    }
  };
  const bound = (name: keyof Omit<ReferenceValues, 'id'>) => ({
    name,
    control: form.control,
    id: inputId(name),
    error: error?.field === name ? error.message : undefined,
    errorId: ERROR_ID,
  });

  return (
    <form className="reference-form" noValidate onSubmit={(e) => void save(e)}>
      <FormSection legend="references.details" gridClassName="business-form__grid">
        <SelectField {...bound('type')} label="references.typeLabel" options={TYPE_OPTIONS} />
        <TextField {...bound('name')} label="references.name" autoComplete="off" />
        <TextField
          {...bound('phone')}
          label="references.phone"
          inputMode="numeric"
          autoComplete="off"
          normalise={(v) => digitsOnly(v, 10)}
        />
        <TextField {...bound('address')} label="references.address" className="field--wide" autoComplete="off" />
        {type === 'BUSINESS_REFERENCE' && <TextField {...bound('company_name')} label="references.companyName" autoComplete="off" />}
      </FormSection>
      <ErrorBanner id={ERROR_ID} message={error?.message} />
      <DraftStatus error={autosave.saveError} />
      {/* The back link where every step form has it (issue 21 D18): first in the actions row. */}
      <div className="cpv-form__actions">
        <Link to={referencesPath(serverId)} className="button button--secondary">
          {t('references.back')}
        </Link>
        {!isReadOnlyApplication(app) && (
          <button type="submit" className="button button--primary" disabled={busy}>
            {t('references.save')}
          </button>
        )}
      </div>
    </form>
  );
}

function ReferenceDetails({ app, serverId }: { app: LocalApplication; serverId: string }) {
  const { t } = useFeatureT(referencesText);
  const profile = useProfile();
  const [params] = useSearchParams();
  const [list, setList] = useState<ReferenceValues[] | null>(null);
  const [itemDraft, setItemDraft] = useState<ItemDraft | undefined>(undefined);
  useEffect(() => {
    let active = true;
    const read = (form: string) => loadFormDraft(form, app.localId).catch(() => undefined);
    void Promise.all([read(REFERENCES_FORM), read(ITEM_FORM)]).then(([draft, item]) => {
      if (!active) return;
      if (item && typeof item.index === 'number') setItemDraft({ index: item.index, values: toReferenceValues(item.values) });
      setList(startingReferences(app, draft));
    });
    return () => {
      active = false;
    };
  }, [app.localId]);

  // Spec 02 §6: the PD1 role cannot open reference items.
  // The borrower names references in the public flow too (the guest's reference-details step).
  if (!mayFillCpv(profile.mfi_employee) && !isGuestSession()) return <p className="field-note">{t('references.notAllowed')}</p>;
  if (list === null)
    return (
      <p className="muted" role="status">
        {t('references.loading')}
      </p>
    );
  const asked = Number.parseInt(params.get('record_index') ?? '', 10);
  const index = Number.isInteger(asked) && asked >= 0 ? Math.min(asked, list.length) : list.length;
  if (index >= MAX_REFERENCES)
    return (
      <>
        <p className="field-note">{t('references.full')}</p>
        <Link to={referencesPath(serverId)}>{t('references.back')}</Link>
      </>
    );
  // A draft of this item (the same reference, or a new one at this place) is picked up again.
  const draft =
    itemDraft && itemDraft.index === index && (list[index] === undefined || itemDraft.values.id === list[index]!.id)
      ? itemDraft.values
      : undefined;
  return (
    <ReferenceForm key={`${index}-${list[index]?.id ?? 'new'}`} list={list} index={index} app={app} serverId={serverId} draft={draft} />
  );
}

/** /application/reference-details?id=<application id>&record_index=<n>: one reference's form (spec 02 §2 screen 11). */
export function ReferenceDetailsScreen() {
  const { t } = useFeatureT(referencesText);
  const frame = useApplicationInUrl();
  return (
    <section className="references-screen" aria-labelledby="reference-details-title">
      <h1 id="reference-details-title">{t('references.detailsTitle')}</h1>
      <ApplicationGate frame={frame} invalidMessage={t('references.invalidId')} loadingMessage={t('references.loading')}>
        {({ app, serverId }) => <ReferenceDetails app={app} serverId={serverId} />}
      </ApplicationGate>
    </section>
  );
}
