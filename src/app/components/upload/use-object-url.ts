import { useEffect, useRef, useState } from 'react';

/**
 * An object URL for a stored blob while the component shows it; revoked afterwards. Keyed by
 * the file's id: a live query hands back a new Blob object for the same file on every change.
 */
export function useObjectUrl(blob: Blob | undefined, key: string | undefined): string | undefined {
  const [url, setUrl] = useState<string>();
  const latest = useRef(blob);
  latest.current = blob;
  useEffect(() => {
    const current = latest.current;
    if (!current || !key || typeof URL.createObjectURL !== 'function') return;
    const next = URL.createObjectURL(current);
    setUrl(next);
    return () => {
      URL.revokeObjectURL(next);
      setUrl(undefined);
    };
  }, [key]);
  return url;
}
