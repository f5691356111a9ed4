import { zodResolver } from '@hookform/resolvers/zod';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import { joinUsRequestSchema, LIMITS, MSG, PATTERNS, type JoinUsRequest } from '../../../domain';
import { submitJoinUsRequest } from '../../api/join-us.api';
import { submitFailureMessage, useDraftAutosave, type FormError } from '../../components/form';
import { toLocalMobile } from '../../components/mobile-input';
import type { UploadedFileRef } from '../../components/upload/public-upload-box';
import { usePincodeLookup } from '../../components/use-pincode-lookup';
import { clearJoinUsDraft, JOIN_US_FORM, type JoinUsDraft, type JoinUsFiles } from './join-us-draft';
import { FILE_FIELDS, type FileField, type TextValues } from './join-us-fields';

/**
 * The mobile comes from the login screen (navigation state) and is then read-only; without it
 * (a reload, a bookmark) the saved draft's; else the field is typed.
 */
export function startingDraft(navigationMobile: unknown, saved: JoinUsDraft): JoinUsDraft {
  const given = typeof navigationMobile === 'string' ? toLocalMobile(navigationMobile) : '';
  if (given === '') return saved;
  const locked = PATTERNS.mobile.test(given);
  return { ...saved, values: { ...saved.values, mobile: given }, mobileLocked: locked };
}

/** The payload of a draft: file ids beside the texts; empty optional texts left out. */
export function toPayload(draft: Pick<JoinUsDraft, 'values' | 'files'>): Record<string, string> {
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

const payloadResolver = zodResolver(joinUsRequestSchema);

/** The first message of the resolver's answer: its errors come in the schema's order (spec 01 §5). */
function firstError(errors: FieldErrors): FormError {
  const [field, error] = Object.entries(errors)[0] ?? [];
  return { message: typeof error?.message === 'string' ? error.message : MSG.somethingWentWrong, field };
}

/**
 * Partner registration on the kit: the texts in react-hook-form, checked by the domain schema
 * through the resolver (with the uploaded file ids beside them), the draft autosaved in the
 * device database, the pincode lookup, and sending (online only: no queue for a signed-out form).
 */
export function useJoinUsForm(start: JoinUsDraft) {
  const [files, setFiles] = useState<JoinUsFiles>(start.files);
  const [manualCityState, setManualCityState] = useState(start.manualCityState);
  const [error, setError] = useState<FormError | null>(null);
  const [refusals, setRefusals] = useState(0);
  const [busy, setBusy] = useState(false);
  const [trackerId, setTrackerId] = useState<string | null>(null);
  const sending = useRef(false);
  const extra = useRef({ files, manualCityState });
  extra.current = { files, manualCityState };

  const resolver: Resolver<TextValues, unknown, JoinUsRequest> = (values, context, options) =>
    payloadResolver(toPayload({ values, files: extra.current.files }) as never, context, options as never) as never;
  const form = useForm<TextValues, unknown, JoinUsRequest>({
    defaultValues: start.values,
    resolver,
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    // The form kit moves the focus after a refusal (to the banner, useShowFirstError), not the library.
    shouldFocusError: false,
  });
  const { getValues, setValue: setFormValue } = form;

  const autosave = useDraftAutosave({
    form,
    draft: { form: JOIN_US_FORM },
    snapshot: () => ({ values: getValues(), ...extra.current, mobileLocked: start.mobileLocked }) satisfies JoinUsDraft,
    onChange: () => setError(null),
  });
  const { schedule } = autosave;
  // Files and the lookup's outcome are kept beside the values: a change of them is saved too.
  useEffect(() => schedule(), [files, manualCityState, schedule]);

  const pincode = usePincodeLookup((found) => {
    setFormValue('city', found?.city ?? '');
    setFormValue('state', found?.state ?? '');
    // A failed lookup must not block a partner: city and state become typed fields.
    setManualCityState(!found);
  });
  const { lookUp } = pincode;

  // A reload in the middle of a lookup: look the saved pincode up again.
  useEffect(() => {
    const values = getValues();
    if (values.pincode.length === LIMITS.pincodeLength && !start.manualCityState && (values.city === '' || values.state === ''))
      lookUp(values.pincode);
  }, [lookUp]);

  /** Spec 01 §5: a new pincode clears city and state, then looks them up at 6 digits. */
  const setPincode = useCallback(
    (value: string) => {
      if (value === getValues('pincode')) return;
      setFormValue('pincode', value);
      setFormValue('city', '');
      setFormValue('state', '');
      setManualCityState(false);
      lookUp(value);
    },
    [getValues, setFormValue, lookUp],
  );

  const setFile = useCallback((field: FileField, ref: UploadedFileRef | null) => {
    setError(null);
    setFiles((current) => {
      const next = { ...current };
      if (ref) next[field] = ref;
      else delete next[field];
      return next;
    });
  }, []);

  const send = async (body: JoinUsRequest): Promise<SubmitOutcome> => {
    sending.current = true;
    setBusy(true);
    try {
      const answer = await submitJoinUsRequest(body);
      if (answer.success) {
        await autosave.stop();
        await clearJoinUsDraft().catch(() => undefined);
        setTrackerId(answer.data?.tracker_id || body.mobile);
        return 'sent';
      }
      // Spec 01 §8 logs registration failures; the message is shown too (409 pending, 429 rate
      // limited, 400 a refused field): else nothing would say why.
      console.error('Partner registration failed', answer);
      return refuse({ message: answer.message || MSG.somethingWentWrong }, 'failed');
    } catch (caught) {
      console.error('Partner registration failed', caught);
      // The same message per kind of failure as every step (offline, no answer, the server's reason).
      return refuse({ message: submitFailureMessage(caught) }, 'failed');
    } finally {
      sending.current = false;
      setBusy(false);
    }
  };

  const refuse = (next: FormError, outcome: SubmitOutcome) => {
    void autosave.flush();
    setError(next);
    setRefusals((n) => n + 1);
    return outcome;
  };

  const submit = (): Promise<SubmitOutcome> => {
    if (sending.current) return Promise.resolve('busy');
    return new Promise((resolve) => {
      void form.handleSubmit(
        async (body) => resolve(await send(body)),
        // Spec 01 §5: only the first message is shown.
        (errors) => resolve(refuse(firstError(errors), 'invalid')),
      )();
    });
  };

  return {
    control: form.control,
    files,
    mobileLocked: start.mobileLocked,
    manualCityState,
    error,
    refusals,
    busy,
    saveError: autosave.saveError,
    trackerId,
    lookup: pincode.state,
    setPincode,
    setFile,
    submit,
  };
}
