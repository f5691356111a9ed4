import { createContext, useContext } from 'react';
import type { LocalFileWithBlob } from '../../db/records';
import type { SectionId } from './case-view.model';

/** What every section of one case file needs: where its Edit goes, and the files already on this phone. */
export type CaseContextValue = {
  editPath: (section: SectionId) => string | null;
  localFile: (fileId: string) => LocalFileWithBlob | undefined;
};

export const CaseContext = createContext<CaseContextValue>({ editPath: () => null, localFile: () => undefined });

export const useCase = () => useContext(CaseContext);
