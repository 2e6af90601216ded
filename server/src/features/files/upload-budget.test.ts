import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@pp/contract';
import {
  buildTestApp,
  createPartnerUser,
  createTestDatabase,
  freshIp,
  samplePdf,
  signIn,
  testClock,
  uploadFile,
  withReferenceData,
} from '@pp/testing';

/**
 * An account's upload budget (security finding F1), small here so the tests run quickly: counted in
 * the database, so two servers on one database share it.
 */
const { db } = await createTestDatabase();
await withReferenceData(db);
const clock = testClock(new Date('2026-11-26T10:00:10Z'));
const env = {
  UPLOAD_FILES_PER_MINUTE: '5',
  UPLOAD_BYTES_PER_MINUTE: String(64 * 1024),
  UPLOAD_STORED_BYTES: String(100 * 1024),
  UPLOAD_DISK_RESERVE_BYTES: '0',
};
const one = await buildTestApp(db, { now: clock.now, env });
const two = await buildTestApp(db, { now: clock.now, env });

/** A real PDF of about `size` bytes. */
const pdfOf = (size: number) => {
  const pdf = samplePdf('Budget');
  return Buffer.concat([pdf, Buffer.alloc(Math.max(0, size - pdf.length), 0x20)]);
};

async function partner() {
  const { username } = await createPartnerUser(db);
  const { auth } = await signIn(one, username);
  return { ...auth, ...freshIp() };
}

async function partnerWithId() {
  const { username, user } = await createPartnerUser(db);
  const { auth } = await signIn(one, username);
  return { headers: { ...auth, ...freshIp() }, userId: user.id };
}

describe('the upload budget of an account', () => {
  it('refuses the file past the files-a-minute limit with 429, saying the limit, on either server, until the minute is over', async () => {
    const headers = await partner();
    for (const app of [one, two, one, two, one])
      expect((await uploadFile(app, { name: 'a.pdf', content: pdfOf(1_000) }, { headers })).statusCode).toBe(200);
    const refused = await uploadFile(two, { name: 'b.pdf', content: pdfOf(1_000) }, { headers });
    expect(refused.statusCode).toBe(429);
    expect(refused.error().failureMessage).toBe(MESSAGES.uploadFilesPerMinute(5, 1));
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another account is not held up.
    expect((await uploadFile(one, { name: 'c.pdf', content: pdfOf(1_000) }, { headers: await partner() })).statusCode).toBe(200);
    clock.advance(60_000);
    expect((await uploadFile(one, { name: 'd.pdf', content: pdfOf(1_000) }, { headers })).statusCode).toBe(200);
  });

  it('refuses bytes past the bytes-a-minute limit, without counting the refused file, and keeps nothing of it', async () => {
    clock.advance(60_000);
    const headers = await partner();
    expect((await uploadFile(one, { name: 'a.pdf', content: pdfOf(40 * 1024) }, { headers })).statusCode).toBe(200);
    const before = await db.storedFile.count();
    const refused = await uploadFile(two, { name: 'b.pdf', content: pdfOf(30 * 1024) }, { headers });
    expect(refused.statusCode).toBe(429);
    expect(refused.error().failureMessage).toBe(MESSAGES.uploadBytesPerMinute(0.1, 1));
    expect(await db.storedFile.count()).toBe(before);
    // What is left of the minute's allowance still takes a smaller file.
    expect((await uploadFile(two, { name: 'c.pdf', content: pdfOf(20 * 1024) }, { headers })).statusCode).toBe(200);
  });

  it('refuses a file that would take the account past its stored bytes with 413, whichever server it reaches', async () => {
    const headers = await partner();
    for (const app of [one, two]) {
      clock.advance(60_000);
      expect((await uploadFile(app, { name: 'a.pdf', content: pdfOf(45 * 1024) }, { headers })).statusCode).toBe(200);
    }
    clock.advance(60_000);
    const refused = await uploadFile(one, { name: 'b.pdf', content: pdfOf(20 * 1024) }, { headers });
    expect(refused.statusCode).toBe(413);
    expect(refused.error().failureMessage).toBe(MESSAGES.uploadQuotaFull(0.1));
    // Two at once on two servers: the quota is counted one upload at a time, so only one fits.
    const other = await partnerWithId();
    clock.advance(60_000);
    await uploadFile(one, { name: 'base.pdf', content: pdfOf(60 * 1024) }, { headers: other.headers });
    clock.advance(60_000);
    const racing = await Promise.all(
      [one, two].map((app) => uploadFile(app, { name: 'race.pdf', content: pdfOf(30 * 1024) }, { headers: other.headers })),
    );
    expect(racing.map((r) => r.statusCode).sort()).toEqual([200, 413]);
    const stored = await db.storedFile.aggregate({ where: { ownerUserId: other.userId }, _sum: { fileSize: true } });
    expect(stored._sum.fileSize).toBeLessThanOrEqual(100 * 1024);
  });

  it('answers 503 with Retry-After when the store’s disk is short of its reserve, keeping nothing', async () => {
    const full = await buildTestApp(db, { now: clock.now, env: { ...env, UPLOAD_DISK_RESERVE_BYTES: String(2 ** 52) } });
    const headers = await partner();
    const before = await db.storedFile.count();
    const res = await uploadFile(full, { name: 'a.pdf', content: pdfOf(1_000) }, { headers });
    expect(res.statusCode).toBe(503);
    expect(res.error().failureMessage).toBe(MESSAGES.uploadDiskFull);
    expect(res.headers['retry-after']).toBe('60');
    expect(await db.storedFile.count()).toBe(before);
  });
});
