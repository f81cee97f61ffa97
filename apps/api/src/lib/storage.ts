import fs from 'node:fs/promises';
import path from 'node:path';

// Files (trade licences, certificates, later PDFs) behind one interface; local disk by default.
export type FileStorage = {
  put: (key: string, data: Buffer) => Promise<void>;
  get: (key: string) => Promise<Buffer | null>;
  remove: (key: string) => Promise<void>;
};

export function createLocalDiskStorage(root: string): FileStorage {
  const resolveKey = (key: string): string => {
    const full = path.resolve(root, key);
    if (!full.startsWith(path.resolve(root) + path.sep)) throw new Error(`Invalid storage key: ${key}`);
    return full;
  };
  return {
    put: async (key, data) => {
      const full = resolveKey(key);
      await fs.mkdir(path.dirname(full), { recursive: true });
      const temp = `${full}.${process.pid}.tmp`;
      await fs.writeFile(temp, data);
      await fs.rename(temp, full);
    },
    get: async (key) => {
      try {
        return await fs.readFile(resolveKey(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    remove: async (key) => {
      await fs.rm(resolveKey(key), { force: true });
    },
  };
}
