import { isTextKey, textOfAny, type AnyTextKey } from '../../i18n/feature-text';
import { useLanguage } from '../../i18n/language.store';
import type { Language } from '../../i18n/languages';
import { translateMessage } from '../../i18n/translate';
// The dropdown values in words: loaded with the forms, found by their English text.
import '../../i18n/option-values.text';

/** A choice of a form: its value as sent, and its label as a catalogue key or as English text. */
export type FieldOption = { value: string; label: AnyTextKey | string };

/** The one place option labels are translated: a key through the catalogue, English text by its translation. */
export const optionLabelIn = (label: AnyTextKey | string, language: Language): string =>
  isTextKey(label) ? textOfAny(label, undefined, language) : translateMessage(label, language);

export function useOptionLabels() {
  const language = useLanguage();
  return (options: readonly FieldOption[]) =>
    options.map((option) => ({ value: option.value, label: optionLabelIn(option.label, language) }));
}

/** The ids of the notes that describe a field (empty ones dropped), or undefined. */
export const joinIds = (...ids: (string | false | null | undefined)[]) => ids.filter(Boolean).join(' ') || undefined;
