import { useLocation } from 'react-router-dom';
import { useT } from '../../i18n/use-t';
import { useBranding } from '../../tenant/tenant.store';
import { BackButton } from './back-button';
import { JoinUsConfirmation } from './join-us-confirmation';
import { JoinUsForm } from './join-us-form';
import { useJoinUsForm } from './use-join-us-form';

/** /join-us (spec 01 §2 Partner registration): back, logo, the form, then the confirmation. */
export function JoinUsScreen() {
  const { t } = useT();
  const location = useLocation();
  const branding = useBranding();
  const form = useJoinUsForm((location.state as { mobile?: unknown } | null)?.mobile);

  return (
    <section className="join-us" aria-labelledby="join-us-title">
      <div className="screen-top">
        <BackButton />
        <img className="screen-top__logo" src={branding.logo_url} alt={branding.display_name} height={40} />
      </div>
      <h1 id="join-us-title">{t('joinUs.title')}</h1>
      {form.trackerId ? <JoinUsConfirmation trackerId={form.trackerId} /> : <JoinUsForm form={form} />}
    </section>
  );
}
