import { useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { digitsOnly, firstMessage, LIMITS, LOOKUP_MSG, NO_INCOMPLETE_APPLICATION, phoneLookupSchema, resumeOf } from '../../../domain';
import { fetchApplicationByPhone, type PhoneLookup } from '../../api/applications.api';
import { extractErrorMessage } from '../../api/error-message';
import { LookupForm } from '../../components/lookup-form';
import { notifySuccess } from '../../components/notify';
import { useFeatureT } from '../../i18n/feature-text';
import { resumeText } from './resume.text';

type Outcome = { kind: 'cpv'; found: PhoneLookup } | { kind: 'none'; message: string } | null;

/**
 * /application/complete-application (spec 02 screen 13, §4 "Resume"): the borrower's mobile,
 * then the application's next step by the stages it has: a step screen, or 'Please fill
 * Business CPV Info to proceed' with 'Add CPV Info' when exactly one CPV stage is done, or
 * 'No Incomplete Application Found'. Online only.
 */
export function ResumeScreen() {
  const { t, tm } = useFeatureT(resumeText);
  const navigate = useNavigate();
  const [phone, setPhone] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [busy, setBusy] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);

  const submit = async () => {
    if (busy) return;
    setOutcome(null);
    const parsed = phoneLookupSchema.safeParse({ phone });
    if (!parsed.success) {
      setError(firstMessage(parsed.error));
      inputRef.current?.focus();
      return;
    }
    setBusy(true);
    try {
      const answer = await fetchApplicationByPhone(parsed.data.phone);
      if (!answer.success || !answer.data) {
        if (answer.success || answer.status_code === 404) setOutcome({ kind: 'none', message: NO_INCOMPLETE_APPLICATION });
        else setError(answer.message || extractErrorMessage(answer));
        return;
      }
      const found = answer.data;
      const next = resumeOf(found.stage ?? []);
      if (next.route === null) return setOutcome({ kind: 'none', message: next.message });
      notifySuccess(LOOKUP_MSG.applicationFound);
      if (next.message) return setOutcome({ kind: 'cpv', found });
      navigate(`/application/${next.route}?id=${encodeURIComponent(found.id)}`);
    } catch (caught) {
      setError(extractErrorMessage(caught));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="lookup-screen" aria-labelledby="resume-title">
      <h1 id="resume-title">{t('resume.title')}</h1>
      <p className="muted">{t('resume.intro')}</p>
      <LookupForm
        id="resume-mobile"
        label={t('resume.mobile')}
        value={phone}
        onChange={(value) => {
          setPhone(digitsOnly(value, LIMITS.mobileLength));
          setError(null);
          setOutcome(null);
        }}
        input={{ name: 'phone', type: 'tel', inputMode: 'numeric' }}
        inputRef={inputRef}
        error={error ? tm(error) : null}
        busy={busy}
        submitLabel={t('resume.search')}
        busyLabel={t('resume.searching')}
        onSubmit={() => void submit()}
      />
      <div aria-live="polite">
        {outcome?.kind === 'none' && (
          <p className="lookup-result" role="status">
            {tm(outcome.message)}
          </p>
        )}
        {outcome?.kind === 'cpv' && (
          <div className="lookup-result" role="status">
            <p>{t('resume.found')}</p>
            <p>
              <strong>{t('resume.application', { name: outcome.found.name ?? '', tracker: outcome.found.tracker_id ?? '' })}</strong>
            </p>
            <p>{t('resume.fillCpv')}</p>
            <Link className="button button--primary" to={`/application/cpv-info?id=${encodeURIComponent(outcome.found.id)}`}>
              {t('resume.addCpv')}
            </Link>
          </div>
        )}
      </div>
    </section>
  );
}
