import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { checkedKey, type FileStorage } from './file-storage';

/** Files under `<dataDir>/uploads/<tenant>/`, outside any static root, by random name only. */
export function createDiskStorage(root: string): FileStorage {
  const pathOf = (tenant: string, name: string) => join(root, checkedKey(tenant, name));
  return {
    async put(tenant, name, bytes) {
      await mkdir(join(root, tenant), { recursive: true });
      await writeFile(pathOf(tenant, name), bytes, { flag: 'wx' });
    },
    async get(tenant, name) {
      try {
        return await readFile(pathOf(tenant, name));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
    async remove(tenant, name) {
      await rm(pathOf(tenant, name), { force: true });
    },
  };
}
