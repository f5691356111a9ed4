import { Link } from 'react-router-dom';
import { useT } from '../../i18n/use-t';

/** Stand-in for screens of later issues; the route guards already apply to it. */
export function ComingSoonScreen() {
  const { t } = useT();
  return (
    <section className="coming-soon" aria-labelledby="coming-soon-title">
      <h1 id="coming-soon-title">{t('shell.comingSoon')}</h1>
      <p>{t('shell.comingSoonBody')}</p>
      <Link to="/" className="button button--secondary">
        {t('common.goBack')}
      </Link>
    </section>
  );
}
