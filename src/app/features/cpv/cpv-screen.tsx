import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { cpvOpen, CPV_STAGE, mayFillCpv, unapprovedDeviations, type CpvKind } from '../../../domain';
import { ApplicationGate } from '../../components/application-frame/application-gate';
import { useApplicationInUrl } from '../../components/application-frame/use-application-in-url';
import { ApplicationNotice } from '../../components/application-notice';
import { ReviewRemarksPanel } from '../../components/review-remarks-panel';
import { reviewText, statusInWords } from '../../components/review/review.text';
import { useLocalRecords } from '../../db/application-steps.hooks';
import { loadFormDraft } from '../../db/drafts.actions';
import type { LocalApplication } from '../../db/records';
import { useFeatureT } from '../../i18n/feature-text';
import { useProfile } from '../../session/use-session';
import { isObject } from '../../../domain/shared/is-object';
import { CPV_FORM, CPV_KINDS, serverCpv, toCpvValues, type CpvValues } from './cpv-fields';
import { CpvForm } from './cpv-form';
import { cpvText } from './cpv.text';
import '../../styles/cpv-references.css';

type Start = { values: CpvValues; fromPhone: boolean };
const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined);

/** Spec 02 §4 "CPV: ... to references": once both places are verified, the references; until then the other place. */
export const afterCpvPath = (serverId: string) => `/application/references?id=${serverId}`;

/** The 'Unapproved Deviations Detected' banner (spec 02 §8): contact a supervisor or compliance; CPV cannot continue. */
export function DeviationsBanner() {
  const { t } = useFeatureT(cpvText);
  return (
    <div className="deviation-banner" role="alert" aria-live="assertive" data-testid="cpv-deviations">
      <strong>{t('cpv.deviationsTitle')}</strong>
      <p>{t('cpv.deviationsBody')}</p>
    </div>
  );
}

function CpvStep({ app, serverId }: { app: LocalApplication; serverId: string }) {
  const { t } = useFeatureT(cpvText, reviewText);
  const navigate = useNavigate();
  const profile = useProfile();
  const designation = profile.mfi_employee;
  const coRecords = useLocalRecords(app.localId, 'co_applicant');
  const [starts, setStarts] = useState<Record<CpvKind, Start> | null>(null);
  const done = useRef(new Set<CpvKind>());

  useEffect(() => {
    let active = true;
    void Promise.all(CPV_KINDS.map((kind) => loadFormDraft(CPV_FORM[kind], app.localId).catch(() => undefined))).then((drafts) => {
      if (!active) return;
      const next = Object.fromEntries(
        CPV_KINDS.map((kind, i) => {
          const step = app.steps?.[CPV_FORM[kind]];
          const source = drafts[i] ?? step ?? serverCpv(app.server, kind);
          return [kind, { values: toCpvValues(kind, source), fromPhone: drafts[i] !== undefined || step !== undefined }];
        }),
      ) as Record<CpvKind, Start>;
      setStarts(next);
    });
    return () => {
      active = false;
    };
    // Once per application: later changes of the application must not reset what is typed.
  }, [app.localId]);

  if (!mayFillCpv(designation)) return <p className="field-note">{t('cpv.notReviewer')}</p>;

  const deviations = unapprovedDeviations(
    app.server ?? {},
    (coRecords ?? []).map((r) => {
      const view = isObject(r.server) ? r.server : r.values;
      return { status: view.status, deviations: view.deviations };
    }),
  );
  const blocked = deviations.length > 0;
  const status = typeof app.server?.status === 'string' ? app.server.status : app.status;
  const remarks = typeof app.server?.remarks === 'string' ? app.server.remarks : null;
  const phone = text(app.server?.phone) ?? text(app.phone) ?? text(app.steps?.borrower?.phone) ?? '';

  const onQueued = (kind: CpvKind) => {
    done.current.add(kind);
    const other = CPV_KINDS.find((k) => k !== kind)!;
    if (done.current.has(other) || app.stage.includes(CPV_STAGE[other])) navigate(afterCpvPath(serverId));
    else document.getElementById(`cpv-${other}-title`)?.scrollIntoView?.({ block: 'start' });
  };

  return (
    <>
      <ReviewRemarksPanel status={status} remarks={remarks} />
      <ApplicationNotice applicationLocalId={app.localId} />
      {blocked && <DeviationsBanner />}
      {!cpvOpen(status) && <p className="field-note">{t('cpv.statusNote', { status: statusInWords(t, status) })}</p>}
      {starts &&
        CPV_KINDS.map((kind) => (
          <CpvForm
            key={kind}
            app={app}
            kind={kind}
            initial={starts[kind].values}
            fromPhone={starts[kind].fromPhone}
            server={serverCpv(app.server, kind)}
            phone={phone}
            designation={designation}
            blocked={blocked}
            onQueued={onQueued}
          />
        ))}
    </>
  );
}

/** /application/cpv-info?id=<application id>: field verification of the business place and the residence (spec 02 §2 screen 10). */
export function CpvScreen() {
  const { t } = useFeatureT(cpvText);
  const frame = useApplicationInUrl();
  return (
    <section className="cpv-screen" aria-labelledby="cpv-title">
      <h1 id="cpv-title">{t('cpv.title')}</h1>
      <ApplicationGate frame={frame} invalidMessage={t('cpv.invalidId')}>
        {({ app, serverId }) => <CpvStep app={app} serverId={serverId} />}
      </ApplicationGate>
    </section>
  );
}
