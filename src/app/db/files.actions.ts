import { getDb } from './db';
import { captureFile, clearFile, moveFiles, type CaptureDeps, type CaptureInput } from './files.repository';

/** What an upload box does with a file, without opening the database itself. */
export const captureLocalFile = (input: CaptureInput, deps?: CaptureDeps) => captureFile(getDb(), input, deps);
export const clearLocalFile = (localId: string) => clearFile(getDb(), localId);
export const moveLocalFiles = (applicationLocalId: string, from: string, to: string) => moveFiles(getDb(), applicationLocalId, from, to);
/** The local ids of the files of one form field of an application. */
export const filesOfField = async (applicationLocalId: string, field: string): Promise<string[]> =>
  (await getDb().files.where('[applicationLocalId+field]').equals([applicationLocalId, field]).primaryKeys()) as string[];

/** Marks these files' readings as offered to the form, so none is offered twice. */
export const markReadingsOffered = (localIds: string[]) =>
  getDb().files.bulkUpdate(localIds.map((key) => ({ key, changes: { parsedDataUsed: true } })));

/**
 * "Use these" on the KYC step: this file's reading is offered to Borrower Info again, to replace
 * the borrower's details there (not only fill the empty ones); the other readings are put away.
 */
export async function chooseReadingForBorrower(localId: string, others: string[]): Promise<void> {
  await getDb().files.bulkUpdate([
    { key: localId, changes: { parsedDataUsed: false, parsedDataChosen: true } },
    ...others.filter((key) => key !== localId).map((key) => ({ key, changes: { parsedDataUsed: true } })),
  ]);
}

/** The KYC step has filled its fields from this file's reading (it is not filled again). */
export const markReadingFilledOnKyc = (localId: string) => getDb().files.update(localId, { parsedDataKycFilled: true });
