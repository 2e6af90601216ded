import path from 'node:path';

/**
 * Where the file store keeps the bytes of a key: two levels of sharding under its folder. The
 * server's store and the demo set's shared files both place files by this one rule.
 */
export function fileStorePath(dir: string, key: string): string {
  if (!/^[0-9a-f-]{36}$/.test(key)) throw new Error(`not a file-store key: ${key}`);
  return path.join(dir, key.slice(0, 2), key.slice(2, 4), key);
}
