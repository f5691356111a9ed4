import { useCallback, useEffect, useState } from 'react';
import { MSG } from '../../domain';
import { extractErrorMessage } from '../api/error-message';

type Loaded<T> = { data: T | null; error: string | null; loading: boolean };

/** Runs `load` whenever `key` changes; a later key's answer wins over an earlier one. */
export function useLoaded<T>(key: string, load: () => Promise<{ success: true; data: T } | { success: false; message: string }>) {
  const [state, setState] = useState<Loaded<T>>({ data: null, error: null, loading: true });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    setState((previous) => ({ ...previous, error: null, loading: true }));
    load().then(
      (answer) =>
        current &&
        setState(
          answer.success
            ? { data: answer.data, error: null, loading: false }
            : { data: null, error: answer.message || MSG.somethingWentWrong, loading: false },
        ),
      (caught: unknown) => current && setState({ data: null, error: extractErrorMessage(caught), loading: false }),
    );
    return () => {
      current = false;
    };
    // `load` is rebuilt each render; `key` says what it loads.
  }, [key, attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  const replace = useCallback((data: T) => setState({ data, error: null, loading: false }), []);
  return { ...state, reload, replace };
}
