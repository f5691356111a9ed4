import { useMemo } from 'react';
import type { MessageKey } from './en';
import { useLanguage, type Language } from './language.store';
import { translate, translateMessage, type Vars } from './translate';

export type Translator = {
  lang: Language;
  /** Text of a catalogue key. */
  t: (key: MessageKey, vars?: Vars) => string;
  /** A message that may be a known English text (domain or server): translated if known. */
  tm: (text: string) => string;
};

export function useT(): Translator {
  const lang = useLanguage();
  return useMemo(
    () => ({
      lang,
      t: (key, vars) => translate(key, vars, lang),
      tm: (text) => translateMessage(text, lang),
    }),
    [lang],
  );
}
