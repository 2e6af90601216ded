import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { hash, verify } from '@node-rs/argon2';

/** Algorithm.Argon2id; the package exports it as an ambient const enum, which isolated modules cannot read. */
const ARGON2ID = 2;

/**
 * argon2id with OWASP's first recommended parameter set (m = 19 MiB, t = 2, p = 1).
 * @node-rs/argon2 ships prebuilt binaries in registry packages, so no compiler or download is needed.
 */
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19 * 1024, timeCost: 2, parallelism: 1 } as const;

/**
 * Hashes at once, at most one per core: each takes 19 MiB, and more at a time than there are cores
 * finishes none sooner (a crowd of sign-ins once held four, 76 MiB, in the thread pool).
 */
const HASHES_AT_ONCE = Math.max(1, os.availableParallelism());
let running = 0;
const waiting: (() => void)[] = [];
async function oneAtATimePerCore<T>(work: () => Promise<T>): Promise<T> {
  // A finished hash hands its place straight to the next in line.
  if (running < HASHES_AT_ONCE) running += 1;
  else await new Promise<void>((resolve) => waiting.push(resolve));
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }
}

export function hashPassword(password: string): Promise<string> {
  return oneAtATimePerCore(() => hash(password, OPTIONS));
}

/** Hash of an unguessable password, verified when a user does not exist so timing reveals nothing. */
let dummyHash: Promise<string> | undefined;

export async function verifyPassword(storedHash: string | null, password: string): Promise<boolean> {
  try {
    dummyHash ??= hashPassword(randomUUID());
    const against = storedHash ?? (await dummyHash);
    const ok = await oneAtATimePerCore(() => verify(against, password));
    return storedHash !== null && ok;
  } catch {
    return false;
  }
}
