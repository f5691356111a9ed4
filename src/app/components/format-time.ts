import { formatInstantDateTime } from '../../domain';

/** Spec 01 §5 "Date display with time": DD-MM-YYYY hh:mm A, in India whatever the phone's time zone. */
export const formatDateTime = (ms: number): string => formatInstantDateTime(ms);

/** 1.5 MB, 320 KB: storage figures for people. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 ** 3) return `${(bytes / 1024 ** 3).toFixed(1)} GB`;
  if (bytes >= 1024 ** 2) return `${(bytes / 1024 ** 2).toFixed(1)} MB`;
  return `${Math.max(0, Math.round(bytes / 1024))} KB`;
}
