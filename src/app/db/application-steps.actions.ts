import { ensureLocalApplication } from './applications.repository';
import {
  fileListReferences,
  fileReferences,
  mirrorServerApplication,
  submitRecord,
  submitStep,
  submitStepChange,
  type RecordSubmit,
  type StepChange,
  type StepSubmit,
} from './application-steps.repository';
import { getDb } from './db';
import type { LocalApplication } from './records';

/** Named operations on the applications of this device, for screens (see the repositories). */
export const ensureApplication = (serverId: string) => ensureLocalApplication(getDb(), serverId);
export const readApplication = (localId: string): Promise<LocalApplication | undefined> => getDb().applications.get(localId);
export const mirrorApplication = (applicationLocalId: string, view: Record<string, unknown>) =>
  mirrorServerApplication(getDb(), applicationLocalId, view);
export const queueStep = (step: StepSubmit, now?: number) => submitStep(getDb(), step, now);
export const queueStepChange = (change: StepChange, now?: number) => submitStepChange(getDb(), change, now);
export const queueRecord = (input: RecordSubmit, now?: number) => submitRecord(getDb(), input, now);
export const fileReferencesOf = (applicationLocalId: string, fields: Record<string, string>, current?: Record<string, unknown>) =>
  fileReferences(getDb(), applicationLocalId, fields, current);
export const fileListReferencesOf = (applicationLocalId: string, fields: Record<string, string>, current?: Record<string, unknown>) =>
  fileListReferences(getDb(), applicationLocalId, fields, current);
