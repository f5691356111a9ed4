import { useCallback, useEffect, useRef, useState } from 'react';
import type { MandateView } from '../../../domain';
import { extractErrorMessage } from '../../api/error-message';
import { authoriseMandate, fetchMandate, registerMandate } from '../../api/mandate.api';
import { notifySuccess } from '../../components/notify';
import { useFeatureT } from '../../i18n/feature-text';
import { mandateText } from './mandate.text';

/**
 * The mandate of an application, read when online, and its two actions: register (the bank texts
 * the borrower a code) and authorise with that code. Each tap carries its own Idempotency-Key,
 * kept until an answer arrives, so a retry registers once.
 */
export function useMandate(serverId: string, online: boolean, onRegistered?: () => void) {
  const { t } = useFeatureT(mandateText);
  const [view, setView] = useState<MandateView | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'register' | 'authorise' | null>(null);
  const [code, setCode] = useState('');
  const registerKey = useRef<string | null>(null);
  const authoriseKey = useRef<string | null>(null);

  const load = useCallback(async () => {
    setLoadError(null);
    try {
      const answer = await fetchMandate(serverId);
      if (answer.success) setView(answer.data);
      else setLoadError(answer.message || t('mandate.loadFailed'));
    } catch (failure) {
      setLoadError(extractErrorMessage(failure) || t('mandate.loadFailed'));
    }
  }, [serverId, t]);

  useEffect(() => {
    if (online) void load();
  }, [online, load]);

  // A replayed answer (Idempotency-Key) keeps only ids and states: the whole view is read again.
  const show = async (data: MandateView) => (Array.isArray(data.attempts) ? setView(data) : load());

  const run = async (which: 'register' | 'authorise', work: () => Promise<void>) => {
    setBusy(which);
    setError(null);
    try {
      await work();
    } catch (failure) {
      setError(extractErrorMessage(failure) || t('mandate.failed'));
    } finally {
      setBusy(null);
    }
  };

  const register = () =>
    run('register', async () => {
      registerKey.current ??= crypto.randomUUID();
      const answer = await registerMandate(serverId, registerKey.current);
      registerKey.current = null;
      setCode('');
      if (!answer.success) {
        setError(answer.message);
        // A rejection by the bank is recorded: show it among the attempts.
        return void load();
      }
      await show(answer.data);
    });

  const authorise = () =>
    run('authorise', async () => {
      authoriseKey.current ??= crypto.randomUUID();
      const answer = await authoriseMandate(serverId, { session_id: view!.session_id!, otp: code }, authoriseKey.current);
      authoriseKey.current = null;
      if (!answer.success) {
        setError(answer.message);
        setCode('');
        return void load();
      }
      await show(answer.data);
      notifySuccess(t('mandate.registeredToast'));
      onRegistered?.();
    });

  return { view, loadError, error, busy, code, setCode, load, register, authorise };
}
