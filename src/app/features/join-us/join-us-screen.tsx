import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { useFeatureT } from '../../i18n/feature-text';
import { BackButton } from './back-button';
import { JoinUsConfirmation } from './join-us-confirmation';
import { loadJoinUsDraft, type JoinUsDraft } from './join-us-draft';
import { JoinUsForm } from './join-us-form';
import { startingDraft, useJoinUsForm } from './use-join-us-form';
import { joinUsText } from './join-us.text';

/** The form once its draft is read from the device database; then the confirmation. */
function JoinUsStep({ start }: { start: JoinUsDraft }) {
  const form = useJoinUsForm(start);
  return form.trackerId ? <JoinUsConfirmation trackerId={form.trackerId} /> : <JoinUsForm form={form} />;
}

/** /join-us (spec 01 §2 Partner registration): back, the form, then the confirmation (the header shows the logo). */
export function JoinUsScreen() {
  const { t } = useFeatureT(joinUsText);
  const location = useLocation();
  const mobile = (location.state as { mobile?: unknown } | null)?.mobile;
  const [start, setStart] = useState<JoinUsDraft | null>(null);

  useEffect(() => {
    let active = true;
    void loadJoinUsDraft().then((saved) => active && setStart(startingDraft(mobile, saved)));
    return () => {
      active = false;
    };
    // Once per opening: the draft is the form's from then on.
  }, []);

  return (
    <section className="join-us" aria-labelledby="join-us-title">
      {/* The logo is the header's: shown once (issue 21 D21). */}
      <div className="screen-top">
        <BackButton />
      </div>
      <h1 id="join-us-title">{t('joinUs.title')}</h1>
      {start ? (
        <JoinUsStep start={start} />
      ) : (
        <p className="muted" role="status">
          {t('common.loading')}
        </p>
      )}
    </section>
  );
}
