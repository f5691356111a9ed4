import { Link } from 'react-router-dom';
import { LanguageSwitch } from '../../components/language-switch';
import { useT } from '../../i18n/use-t';
import { useBranding } from '../../tenant/tenant.store';

/** Join us, Apply for a loan, the two tracking links (a partner's request, a loan application), the tenant's terms, privacy and contact links, the language switch. */
export function LoginFooter({ mobile }: { mobile: string }) {
  const { t } = useT();
  const branding = useBranding();

  return (
    <footer className="login-footer">
      <p className="login-links">
        <Link to="/join-us" state={{ mobile }}>
          {t('login.joinUs')}
        </Link>
        <Link to="/apply-loan/mobile">{t('login.apply')}</Link>
        <Link to="/join-us/track">{t('login.track')}</Link>
        <Link to="/apply-loan/track">{t('login.trackApplication')}</Link>
      </p>
      <p className="login-links">
        <a href={branding.terms_url} target="_blank" rel="noopener noreferrer">
          {t('login.terms')}
        </a>
        <a href={branding.privacy_url} target="_blank" rel="noopener noreferrer">
          {t('login.privacy')}
        </a>
      </p>
      <p>
        {t('login.noAccount')}{' '}
        <a href={branding.contact_url} target="_blank" rel="noopener noreferrer">
          {t('login.contactUs')}
        </a>
      </p>
      <LanguageSwitch />
    </footer>
  );
}
