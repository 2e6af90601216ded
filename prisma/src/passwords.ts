import { randomUUID } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/** Algorithm.Argon2id; the package exports it as an ambient const enum, which isolated modules cannot read. */
const ARGON2ID = 2;

/**
 * argon2id with OWASP's first recommended parameter set (m = 19 MiB, t = 2, p = 1).
 * @node-rs/argon2 ships prebuilt binaries in registry packages, so no compiler or download is needed.
 */
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19 * 1024, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

/** Hash of an unguessable password, verified when a user does not exist so timing reveals nothing. */
let dummyHash: Promise<string> | undefined;

export async function verifyPassword(storedHash: string | null, password: string): Promise<boolean> {
  try {
    dummyHash ??= hashPassword(randomUUID());
    const ok = await verify(storedHash ?? (await dummyHash), password);
    return storedHash !== null && ok;
  } catch {
    return false;
  }
}
