import { useCallback, useRef, useState } from 'react';
import { firstMessage, joinUsTrackSchema, MSG } from '../../../domain';
import { extractErrorMessage } from '../../api/error-message';
import { trackJoinUsRequest } from '../../api/join-us.api';
import { toLocalMobile } from '../../components/mobile-input';

/** Registration tracking (spec 01 §4 "Track: form, then message shown"). */
export function useTrackRequest() {
  const [mobile, setMobileValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const sending = useRef(false);

  const setMobile = useCallback((raw: string) => {
    setMobileValue(toLocalMobile(raw));
    setError(null);
  }, []);

  /** True when a message came back; false when the error banner has something to say. */
  const track = useCallback(async (): Promise<boolean> => {
    if (sending.current) return false;
    const parsed = joinUsTrackSchema.safeParse({ tracker_id: mobile });
    if (!parsed.success) {
      setError(firstMessage(parsed.error, MSG.invalidMobile));
      return false;
    }
    sending.current = true;
    setBusy(true);
    try {
      const answer = await trackJoinUsRequest(parsed.data.tracker_id);
      if (answer.success) {
        setMessage(answer.message || MSG.somethingWentWrong);
        return true;
      }
      // Spec 01 §8 only logs tracking failures; the message is shown too, the field stays editable.
      console.error('Registration tracking failed', answer);
      setError(answer.message || MSG.somethingWentWrong);
      return false;
    } catch (caught) {
      console.error('Registration tracking failed', caught);
      setError(extractErrorMessage(caught));
      return false;
    } finally {
      sending.current = false;
      setBusy(false);
    }
  }, [mobile]);

  return { mobile, error, message, busy, setMobile, track };
}
