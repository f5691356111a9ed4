import { Toaster } from 'react-hot-toast';
import { LIMITS } from '../../domain';

/** Below the header (shell.css sets --toast-top for 360 px and for the framed desktop layout). */
const CONTAINER_STYLE = { top: 'var(--toast-top, 80px)' } as const;

/**
 * Spec 01 §4 toasts. They stack downwards from below the header, so they never cover it or the
 * sync badge. At most 20 at once: react-hot-toast 2.6 keeps its store at `toastLimit`
 * 20 (not configurable), which equals LIMITS.toastMax; tests/unit/app checks it still does.
 */
export function AppToaster() {
  return (
    <Toaster
      position="top-center"
      containerStyle={CONTAINER_STYLE}
      containerClassName="toaster"
      toastOptions={{
        duration: LIMITS.toastErrorMs,
        success: { duration: LIMITS.toastSuccessMs },
        error: { duration: LIMITS.toastErrorMs },
        className: 'toast',
      }}
    />
  );
}
