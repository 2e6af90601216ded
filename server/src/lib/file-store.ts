import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileStorePath } from '@pp/db';

export interface StoredBlob {
  /** The file's key in the store: generated, never derived from the name the user gave. */
  key: string;
  path: string;
  size: number;
  sha256: string;
}

/**
 * Where uploaded bytes live: a folder outside every served one (FILE_STORE_DIR), one file per key
 * under two levels of sharding. It maps onto object storage by key, and every server instance
 * shares it (ARCHITECTURE.md, "Growing past one machine").
 */
export function createFileStore(dir: string) {
  const pathOf = (key: string) => fileStorePath(dir, key);
  return {
    dir,
    pathOf,
    /** Writes a stream to a new key (through a temporary name, so a half-written file is never read). */
    async save(source: Readable): Promise<StoredBlob> {
      const key = randomUUID();
      const target = pathOf(key);
      await mkdir(path.dirname(target), { recursive: true });
      const partial = `${target}.partial`;
      const hash = createHash('sha256');
      let size = 0;
      const meter = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          hash.update(chunk);
          size += chunk.length;
          done(null, chunk);
        },
      });
      try {
        await pipeline(source, meter, createWriteStream(partial, { flags: 'wx' }));
        await rename(partial, target);
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
      return { key, path: target, size, sha256: hash.digest('hex') };
    },
    open: (key: string) => createReadStream(pathOf(key)),
    remove: (key: string) => rm(pathOf(key), { force: true }),
  };
}
export type FileStore = ReturnType<typeof createFileStore>;
