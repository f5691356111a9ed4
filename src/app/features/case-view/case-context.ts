import { createContext, useContext } from 'react';
import type { LocalFileWithBlob } from '../../db/records';
import type { SectionId } from './case-view.model';

/** What every section of one case file needs: where its Edit goes, and the files already on this phone. */
export type CaseContextValue = {
  editPath: (section: SectionId) => string | null;
  /** The phone's copy of a file, undefined when it has none, 'loading' until its files are read. */
  localFile: (fileId: string) => LocalFileWithBlob | undefined | 'loading';
};

export const CaseContext = createContext<CaseContextValue>({ editPath: () => null, localFile: () => undefined });

export const useCase = () => useContext(CaseContext);
