import { useEffect, useRef } from 'react';
import { ApplicationGate } from '../../components/application-frame/application-gate';
import { useApplicationInUrl } from '../../components/application-frame/use-application-in-url';
import { useFeatureT } from '../../i18n/feature-text';
import { CaseFile } from './case-file';
import { caseViewText } from './case-view.text';
// Its own stylesheet, loaded with the screen: the shell's (the /login budget) does not carry it.
import './case-view.css';

/** Closed <details> (history, deviations) print nothing: the case file opens them all before it prints. */
function useOpenDetailsForPrint(root: React.RefObject<HTMLElement | null>) {
  useEffect(() => {
    const open = () => root.current?.querySelectorAll('details').forEach((details) => (details.open = true));
    window.addEventListener('beforeprint', open);
    return () => window.removeEventListener('beforeprint', open);
  }, [root]);
}

/**
 * /application/case?id=<application id>: the reviewer's one-page case view (issue 21): every step
 * read-only with Edit where the access policy allows it, the documents, verifications, field
 * verification with the photos' distances, the BRE, and above them the review section (status,
 * actions, deviations with their decisions, history). Works offline from this phone's copy;
 * prints on A4 as the case file.
 */
export function CaseViewScreen() {
  const { t } = useFeatureT(caseViewText);
  const frame = useApplicationInUrl();
  const root = useRef<HTMLElement>(null);
  useOpenDetailsForPrint(root);
  return (
    <article className="case-view" aria-labelledby="case-title" ref={root}>
      <div className="case-view__head">
        <h1 id="case-title">{t('case.title')}</h1>
        {frame.state === 'ready' && (
          <button type="button" className="button button--secondary case-view__print" onClick={() => window.print()}>
            {t('case.print')}
          </button>
        )}
      </div>
      <ApplicationGate frame={frame} invalidMessage={t('case.invalidId')}>
        {({ app, serverId }) => <CaseFile app={app} serverId={serverId} />}
      </ApplicationGate>
    </article>
  );
}
