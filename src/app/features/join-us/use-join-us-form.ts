import { useCallback, useEffect, useRef, useState } from 'react';
import { firstMessage, joinUsRequestSchema, LIMITS, MSG, PATTERNS, type JoinUsRequest } from '../../../domain';
import { extractErrorMessage } from '../../api/error-message';
import { submitJoinUsRequest } from '../../api/join-us.api';
import { toLocalMobile } from '../../components/mobile-input';
import type { UploadedFileRef } from '../../components/upload/public-upload-box';
import { clearJoinUsDraft, loadJoinUsDraft, saveJoinUsDraft, type JoinUsDraft } from './join-us-draft';
import { FILE_FIELDS, NORMALISE, type FileField, type TextField } from './join-us-fields';
import { usePincodeLookup } from '../../components/use-pincode-lookup';

/**
 * The mobile comes from the login screen (navigation state) and is then read-only; without it
 * (a reload, a bookmark) the saved draft's; else the field is typed.
 */
export function startingDraft(navigationMobile: unknown, saved: JoinUsDraft = loadJoinUsDraft()): JoinUsDraft {
  const given = typeof navigationMobile === 'string' ? toLocalMobile(navigationMobile) : '';
  if (given === '') return saved;
  const locked = PATTERNS.mobile.test(given);
  return { ...saved, values: { ...saved.values, mobile: given }, mobileLocked: locked };
}

/** The payload of a draft: file ids beside the texts; empty optional texts left out. */
export function toPayload(draft: JoinUsDraft): Record<string, string> {
  const payload: Record<string, string> = {};
  for (const [name, value] of Object.entries(draft.values)) {
    if (value.trim() !== '' || !['business_name', 'gst_number'].includes(name)) payload[name] = value;
  }
  for (const field of FILE_FIELDS) {
    const ref = draft.files[field];
    if (ref) payload[field] = ref.file_id;
  }
  return payload;
}

export type SubmitOutcome = 'sent' | 'invalid' | 'failed' | 'busy';

/** Partner registration: the draft kept on the device, the pincode lookup, validation and sending. */
export function useJoinUsForm(navigationMobile: unknown) {
  const [draft, setDraft] = useState<JoinUsDraft>(() => startingDraft(navigationMobile));
  const [error, setError] = useState<{ message: string; field?: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [trackerId, setTrackerId] = useState<string | null>(null);
  const sending = useRef(false);
  const draftRef = useRef(draft);
  draftRef.current = draft;

  const pincode = usePincodeLookup((found) =>
    setDraft((current) => ({
      ...current,
      values: { ...current.values, city: found?.city ?? '', state: found?.state ?? '' },
      // A failed lookup must not block a partner: city and state become typed fields.
      manualCityState: !found,
    })),
  );

  useEffect(() => {
    if (trackerId === null) saveJoinUsDraft(draft);
  }, [draft, trackerId]);

  // A reload in the middle of a lookup: look the saved pincode up again.
  useEffect(() => {
    const { values, manualCityState } = draftRef.current;
    if (values.pincode.length === LIMITS.pincodeLength && !manualCityState && (values.city === '' || values.state === '')) pincode.lookUp(values.pincode);
  }, [pincode.lookUp]);

  const setValue = useCallback(
    (name: TextField, raw: string) => {
      const value = NORMALISE[name]?.(raw) ?? raw;
      setError(null);
      if (name === 'pincode') {
        if (value === draftRef.current.values.pincode) return;
        setDraft((current) => ({ ...current, values: { ...current.values, pincode: value, city: '', state: '' }, manualCityState: false }));
        pincode.lookUp(value);
        return;
      }
      setDraft((current) => ({ ...current, values: { ...current.values, [name]: value } }));
    },
    [pincode.lookUp],
  );

  const setFile = useCallback((field: FileField, ref: UploadedFileRef | null) => {
    setError(null);
    setDraft((current) => {
      const files = { ...current.files };
      if (ref) files[field] = ref;
      else delete files[field];
      return { ...current, files };
    });
  }, []);

  const submit = useCallback(async (): Promise<SubmitOutcome> => {
    if (sending.current) return 'busy';
    const parsed = joinUsRequestSchema.safeParse(toPayload(draftRef.current));
    if (!parsed.success) {
      // Spec 01 §5: only the first message is shown.
      const field = parsed.error.issues[0]?.path[0];
      setError({ message: firstMessage(parsed.error), field: typeof field === 'string' ? field : undefined });
      return 'invalid';
    }
    sending.current = true;
    setBusy(true);
    try {
      const body: JoinUsRequest = parsed.data;
      const answer = await submitJoinUsRequest(body);
      if (answer.success) {
        clearJoinUsDraft();
        setTrackerId(answer.data?.tracker_id || body.mobile);
        return 'sent';
      }
      // Spec 01 §8 logs registration failures; the message is shown too (409 pending or
      // registered, 429 rate limited, 400 a refused field): else nothing would say why.
      console.error('Partner registration failed', answer);
      setError({ message: answer.message || MSG.somethingWentWrong });
      return 'failed';
    } catch (caught) {
      console.error('Partner registration failed', caught);
      setError({ message: extractErrorMessage(caught) });
      return 'failed';
    } finally {
      sending.current = false;
      setBusy(false);
    }
  }, []);

  return { draft, error, busy, trackerId, lookup: pincode.state, setValue, setFile, submit };
}
