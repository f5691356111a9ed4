import toast from 'react-hot-toast';
import { translateMessage } from '../i18n/translate';

/** Toasts with the spec's durations (errors and generic 4000 ms, success 2000 ms; see app-toaster). */
export function notifyError(message: string): string {
  return toast.error(translateMessage(message));
}

export function notifySuccess(message: string): string {
  return toast.success(translateMessage(message));
}
