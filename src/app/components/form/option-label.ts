import { isTextKey, useKitT, type AnyTextKey } from '../../i18n/feature-text';

/** A choice of a form: its value as sent, and its label as a catalogue key or as English text. */
export type FieldOption = { value: string; label: AnyTextKey | string };

/** The one place option labels are translated: a key through the catalogue, English text by its translation. */
export function useOptionLabels() {
  const { t, tm } = useKitT();
  return (options: readonly FieldOption[]) =>
    options.map((option) => ({ value: option.value, label: isTextKey(option.label) ? t(option.label) : tm(option.label) }));
}

/** The ids of the notes that describe a field (empty ones dropped), or undefined. */
export const joinIds = (...ids: (string | false | null | undefined)[]) => ids.filter(Boolean).join(' ') || undefined;
