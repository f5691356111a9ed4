import { getDb } from './db';
import { captureFile, clearFile, type CaptureDeps, type CaptureInput } from './files.repository';

/** What an upload box does with a file, without opening the database itself. */
export const captureLocalFile = (input: CaptureInput, deps?: CaptureDeps) => captureFile(getDb(), input, deps);
export const clearLocalFile = (localId: string) => clearFile(getDb(), localId);
