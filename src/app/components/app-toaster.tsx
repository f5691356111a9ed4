import { Toaster } from 'react-hot-toast';
import { LIMITS } from '../../domain';

/**
 * Spec 01 §4 toasts. At most 20 at once: react-hot-toast 2.6 keeps its store at `toastLimit`
 * 20 (not configurable), which equals LIMITS.toastMax; tests/unit/app checks it still does.
 */
export function AppToaster() {
  return (
    <Toaster
      position="top-center"
      toastOptions={{
        duration: LIMITS.toastErrorMs,
        success: { duration: LIMITS.toastSuccessMs },
        error: { duration: LIMITS.toastErrorMs },
        className: 'toast',
      }}
    />
  );
}
