import { LANGUAGE_NAMES } from '../i18n/languages';
import { LANGUAGES, setLanguage } from '../i18n/language.store';
import { useT } from '../i18n/use-t';

/** English / हिन्दी / मराठी / বাংলা / தமிழ் / తెలుగు: each choice is named in its own language. */
export function LanguageSwitch() {
  const { t, lang } = useT();
  return (
    <div role="group" aria-label={t('lang.label')} className="language-switch">
      {LANGUAGES.map((language) => (
        <button key={language} type="button" lang={language} aria-pressed={lang === language} onClick={() => setLanguage(language)}>
          {LANGUAGE_NAMES[language]}
        </button>
      ))}
    </div>
  );
}
