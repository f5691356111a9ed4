import { useLocation, useNavigate } from 'react-router-dom';
import { useFeatureT } from '../../i18n/feature-text';
import { joinUsText } from './join-us.text';

/** One page back; to /login when this page was the first one opened (a bookmark, a reload). */
export function useGoBack(): () => void {
  const navigate = useNavigate();
  const location = useLocation();
  return () => {
    if (location.key === 'default') navigate('/login');
    else navigate(-1);
  };
}

export function BackButton() {
  const { t } = useFeatureT(joinUsText);
  const goBack = useGoBack();
  return (
    <button type="button" className="button button--link back-button" onClick={goBack}>
      <span aria-hidden="true">←</span> {t('joinUs.back')}
    </button>
  );
}
