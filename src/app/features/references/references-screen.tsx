import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { MAX_REFERENCES, mayFillCpv, REFERENCE_MSG, referenceListSchema } from '../../../domain';
import { isReadOnlyApplication } from '../../components/application-frame/frame-application';
import { ApplicationGate } from '../../components/application-frame/application-gate';
import { useApplicationInUrl } from '../../components/application-frame/use-application-in-url';
import { ApplicationNotice } from '../../components/application-notice';
import { ErrorBanner } from '../../components/error-banner';
import { useFocusRefusal, useQueuedSubmit } from '../../components/form';
import { ReviewRemarksPanel } from '../../components/review-remarks-panel';
import { useOnline } from '../../components/use-online';
import { queueStep } from '../../db/application-steps.actions';
import { loadFormDraft, saveFormDraft } from '../../db/drafts.actions';
import { useParkedStep } from '../../db/parked-steps.hooks';
import type { LocalApplication } from '../../db/records';
import { useFeatureT } from '../../i18n/feature-text';
import { isGuestSession } from '../../session/session.storage';
import { useProfile } from '../../session/use-session';
import {
  afterReferencesPath,
  referenceDetailsPath,
  REFERENCES_FORM,
  REFERENCES_URL,
  startingReferences,
  type ReferenceValues,
} from './references-fields';
import { referencesText } from './references.text';
import '../../styles/cpv-references.css';

const ERROR_ID = 'references-error';
/** The list has no typed fields of its own: its draft is written when a reference is saved or removed. */
const NO_AUTOSAVE = { stop: async () => {}, reopen: () => {} };

function ReferenceList({ app, serverId }: { app: LocalApplication; serverId: string }) {
  const { t } = useFeatureT(referencesText);
  const navigate = useNavigate();
  const online = useOnline();
  const profile = useProfile();
  // The borrower names references in the public flow too (the guest's reference-details step).
  const reviewer = mayFillCpv(profile.mfi_employee) || isGuestSession();
  // An approved application's references are shown, not changed (issue 21 D16).
  const changes = reviewer && !isReadOnlyApplication(app);
  const [list, setList] = useState<ReferenceValues[] | null>(null);
  const listRef = useRef<ReferenceValues[]>([]);
  listRef.current = list ?? [];

  useEffect(() => {
    let active = true;
    loadFormDraft(REFERENCES_FORM, app.localId)
      .catch(() => undefined)
      .then((draft) => active && setList(startingReferences(app, draft)));
    return () => {
      active = false;
    };
  }, [app.localId]);

  const queued = useQueuedSubmit({
    autosave: NO_AUTOSAVE as never,
    parked: useParkedStep(app.localId, REFERENCES_URL),
    toast: REFERENCE_MSG.added,
    validate: () => {
      const parsed = referenceListSchema.safeParse({
        reference_list: listRef.current.map((r) => ({ ...r, company_name: r.company_name || undefined })),
      });
      if (!parsed.success) return { ok: false, error: { message: parsed.error.issues[0]?.message ?? 'Invalid request' } };
      return { ok: true, plan: { body: parsed.data as unknown as Record<string, unknown>, values: { reference_list: listRef.current } } };
    },
    queue: ({ body, values }, at) =>
      queueStep(
        {
          applicationLocalId: app.localId,
          form: REFERENCES_FORM,
          label: 'References',
          method: 'PATCH',
          url: REFERENCES_URL,
          body,
          values,
          stage: 'REFERENCES',
        },
        at,
      ),
    onQueued: () => navigate(afterReferencesPath(serverId)),
  });
  // The list has no field of its own: a refusal is read in the banner.
  useFocusRefusal(queued.refusals, null, ERROR_ID, () => null);

  const remove = async (id: string) => {
    const next = listRef.current.filter((r) => r.id !== id);
    setList(next);
    await saveFormDraft(REFERENCES_FORM, { reference_list: next }, app.localId);
  };
  const typeName = useMemo(() => (type: string) => (type ? t(`references.type.${type}` as never) : ''), [t]);

  const submit = () => void queued.submit();

  if (list === null)
    return (
      <p className="muted" role="status">
        {t('references.loading')}
      </p>
    );
  const count = list.length;
  return (
    <>
      <ApplicationNotice applicationLocalId={app.localId} />
      <ReviewRemarksPanel status={app.status} remarks={typeof app.server?.remarks === 'string' ? app.server.remarks : null} />
      {!reviewer && <p className="field-note">{t('references.notAllowed')}</p>}
      <p className="muted" aria-live="polite">
        {count === 0 ? t('references.empty') : t('references.count', { count })}
      </p>
      <ul className="reference-list" data-testid="reference-list">
        {list.map((reference, index) => (
          <li key={reference.id} className="reference-card" data-testid="reference-card">
            <strong>{reference.name}</strong>
            <span>{typeName(reference.type)}</span>
            <span>{reference.phone}</span>
            {reference.company_name && <span>{reference.company_name}</span>}
            {changes && (
              <span className="cpv-form__actions">
                <Link to={referenceDetailsPath(serverId, index)} aria-label={t('references.edit', { index: index + 1 })}>
                  {t('references.edit', { index: index + 1 })}
                </Link>
                <button
                  type="button"
                  className="button button--link"
                  aria-label={t('references.removeNamed', { name: reference.name })}
                  onClick={() => void remove(reference.id)}
                >
                  {t('references.remove')}
                </button>
              </span>
            )}
          </li>
        ))}
        {changes && count < MAX_REFERENCES && (
          <li>
            <Link className="reference-add" to={referenceDetailsPath(serverId, count)}>
              + {t('references.add')}
            </Link>
          </li>
        )}
      </ul>
      <ErrorBanner id={ERROR_ID} message={queued.error?.message} />
      {!online && reviewer && <p className="field-note">{t('references.offlineNote')}</p>}
      {reviewer && (
        <button type="button" className="button button--primary" disabled={queued.busy} onClick={submit}>
          {queued.busy ? t('references.saving') : t('references.submit')}
        </button>
      )}
    </>
  );
}

/** /application/references?id=<application id>: the application's references (1-3), Submit (spec 02 §2 screen 11). */
export function ReferencesScreen() {
  const { t } = useFeatureT(referencesText);
  const frame = useApplicationInUrl();
  return (
    <section className="references-screen" aria-labelledby="references-title">
      <h1 id="references-title">{t('references.title')}</h1>
      <ApplicationGate frame={frame} invalidMessage={t('references.invalidId')} loadingMessage={t('references.loading')}>
        {({ app, serverId }) => <ReferenceList app={app} serverId={serverId} />}
      </ApplicationGate>
    </section>
  );
}
