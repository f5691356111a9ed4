import type { Ref } from 'react';
import { useT } from '../i18n/use-t';

export type ErrorBannerProps = {
  /** The one (first) validation or server message; nothing is shown when empty. */
  message: string | null | undefined;
  /** For `aria-describedby` of the field the message is about. */
  id?: string;
  /** To move the focus to the banner after a failed submit. */
  ref?: Ref<HTMLParagraphElement>;
};

/** Spec 01 §5: only the first message is shown, in a banner that screen readers announce. */
export function ErrorBanner({ message, id, ref }: ErrorBannerProps) {
  const { tm } = useT();
  const text = message?.trim();
  if (!text) return null;
  return (
    <p id={id} ref={ref} role="alert" tabIndex={-1} className="form-error error-banner">
      {tm(text)}
    </p>
  );
}
