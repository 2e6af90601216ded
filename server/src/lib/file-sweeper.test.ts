import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { UPLOAD_BUDGET, api } from '@pp/contract';
import {
  buildTestApp,
  callApi,
  createPartnerUser,
  createStaffUser,
  createTestDatabase,
  freshIp,
  samplePdf,
  samplePng,
  signIn,
  testClock,
  uploadFile,
  withReferenceData,
} from '@pp/testing';
import { FILE_REFERENCE_COLUMNS, sweepUnusedFiles } from './file-sweeper.ts';

/**
 * Files no saved form refers to are deleted a day after they were last used (security finding F1),
 * tested with a clock instead of a day's wait; files a form names are kept, wherever it names them.
 */
const { db } = await createTestDatabase();
await withReferenceData(db);
const clock = testClock(new Date('2026-11-26T10:00:00Z'));
const app = await buildTestApp(db, { now: clock.now });
const DAY = UPLOAD_BUDGET.unusedFileLifetimeMs;
const sweep = () => sweepUnusedFiles(app, clock.now(), DAY);

async function partner() {
  const { username, partner } = await createPartnerUser(db);
  const { auth } = await signIn(app, username);
  return { headers: { ...auth, ...freshIp() }, partner };
}

async function upload(headers: Record<string, string>, name = 'letter.pdf', moduleCode?: 'PTM') {
  const content = moduleCode ? samplePng() : samplePdf(name);
  const res = await uploadFile(app, { name, content }, { headers, ...(moduleCode ? { moduleCode } : {}) });
  expect(res.statusCode).toBe(200);
  const id = res.json().response.UniqueID;
  const { storageKey } = await db.storedFile.findUniqueOrThrow({ where: { id } });
  return { id, blob: app.files.pathOf(storageKey) };
}
const exists = async (id: string) => (await db.storedFile.count({ where: { id } })) === 1;

describe('the sweeper of unused files', () => {
  it('deletes a file no form names a day after its upload, its blob with it, and not before', async () => {
    const { headers } = await partner();
    const file = await upload(headers);
    clock.advance(DAY - 60_000);
    await sweep();
    expect(await exists(file.id)).toBe(true);
    clock.advance(2 * 60_000);
    const { deleted } = await sweep();
    expect(deleted).toBeGreaterThanOrEqual(1);
    expect(await exists(file.id)).toBe(false);
    expect(existsSync(file.blob)).toBe(false);
  });

  it('keeps files a saved form names — a testimonial, the profile picture, an onboarding part, row and answer, a grievance, a support query — and deletes one once its form lets it go', async () => {
    const { headers, partner: p } = await partner();
    const letter = await upload(headers);
    const added = await callApi(app, api.testimonials.add, {
      headers,
      body: {
        customerName: 'Konkan Cement Works Ltd',
        givenBy: 'S. Deshpande',
        givenOn: '2026-08-14',
        text: 'Supplied and erected 1,200 MT of structural steel ahead of schedule.',
        fileId: letter.id,
      },
    });
    expect(added.statusCode).toBe(200);
    const picture = await upload(headers, 'me.png', 'PTM');
    expect((await callApi(app, api.partner.setProfilePicture, { headers, body: { uniqueId: picture.id } })).statusCode).toBe(200);
    const [inPart, inRow, inAnswer, inGrievance, inQuery] = [
      await upload(headers, 'pan.pdf'),
      await upload(headers, 'cheque.pdf'),
      await upload(headers, 'iso.pdf'),
      await upload(headers, 'grievance.pdf'),
      await upload(headers, 'query.pdf'),
    ];
    // Rows as the saves write them (the saves' own tests cover the forms).
    const profile = await db.onboardingProfile.create({ data: { partnerId: p.id, companyCode: 1, categoryCode: 'SUP' } });
    await db.onboardingPart.create({
      data: { profileId: profile.id, partName: 'statutory', data: { pan: 'AAACB1234C', panFileId: inPart.id } },
    });
    await db.onboardingRow.create({
      data: { profileId: profile.id, listName: 'bankAccounts', data: { chequeFileId: inRow.id } },
    });
    await db.onboardingAnswer.create({ data: { profileId: profile.id, questionId: 1, fileIds: [inAnswer.id] } });
    await db.grievance.create({
      data: {
        grievanceNumber: `GRV-T-${p.id}`,
        partnerId: p.id,
        companyCode: 1,
        reasonCode: 'PAYMENT_DELAY',
        subject: 'Payment',
        description: 'Late',
        fileIds: [inGrievance.id],
        state: 'DRAFT',
        title: 'x',
      },
    });
    await db.partnerQuery.create({
      data: {
        referenceNumber: `PQ-T-${p.id}`,
        source: 'SUPPORT_FORM',
        displayName: 'Asha',
        partnerEmailId: 'asha@example.com',
        message: 'x'.repeat(60),
        partnerId: p.id,
        attachmentDocId: inQuery.id,
      },
    });
    const unused = await upload(headers, 'unused.pdf');

    clock.advance(DAY + 60_000);
    await sweep();
    for (const f of [letter, picture, inPart, inRow, inAnswer, inGrievance, inQuery]) {
      expect(await exists(f.id)).toBe(true);
      expect(existsSync(f.blob)).toBe(true);
    }
    expect(await exists(unused.id)).toBe(false);
    // The testimonial goes; a day after the sweep last found its letter used, the letter goes too.
    await db.testimonial.deleteMany({ where: { partnerId: p.id } });
    clock.advance(DAY - 60_000);
    await sweep();
    expect(await exists(letter.id)).toBe(true);
    clock.advance(2 * 60_000);
    await sweep();
    expect(await exists(letter.id)).toBe(false);
    expect(await exists(inPart.id)).toBe(true);
  });

  it("keeps a staff member's document on a grievance step, and a blob another row still names", async () => {
    const { username } = await createStaffUser(db, 'ADMIN');
    const { auth } = await signIn(app, username);
    const staffFile = await upload({ ...auth, ...freshIp() }, 'resolution.pdf');
    const { partner: p } = await partner();
    await db.grievance.create({
      data: {
        grievanceNumber: `GRV-S-${p.id}`,
        partnerId: p.id,
        companyCode: 1,
        reasonCode: 'PAYMENT_DELAY',
        subject: 'Payment',
        description: 'Late',
        state: 'RESOLVED',
        title: 'y',
        steps: { create: { action: 'RESOLVE', toState: 'RESOLVED', actorUserId: 1, byPartner: false, fileIds: [staffFile.id] } },
      },
    });
    // Two rows on one blob (as the demo set's documents are): one used, one not.
    const shared = await upload({ ...auth, ...freshIp() }, 'shared.pdf');
    const { storageKey } = await db.storedFile.findUniqueOrThrow({ where: { id: shared.id } });
    const twin = await db.storedFile.create({
      data: {
        ...(await db.storedFile.findUniqueOrThrow({ where: { id: staffFile.id } })),
        id: '00000000-0000-4000-8000-00000000abcd',
        storageKey,
      },
    });
    await db.grievanceStep.updateMany({ where: { fileIds: { has: staffFile.id } }, data: { fileIds: [staffFile.id, twin.id] } });
    clock.advance(DAY + 60_000);
    await sweep();
    expect(await exists(staffFile.id)).toBe(true);
    expect(await exists(shared.id)).toBe(false);
    expect(await exists(twin.id)).toBe(true);
    expect(existsSync(shared.blob)).toBe(true);
  });

  it('reads every column of the schema that can hold a file id', () => {
    const schema = readFileSync(
      path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../prisma/schema.prisma'),
      'utf8',
    );
    /** Columns that hold ids or JSON but never a stored file's id, each with why. */
    const holdNoFileIds: Record<string, string> = {
      'UserSession.id': 'its own key',
      'Otp.id': 'its own key',
      'StoredFile.id': 'the file itself',
      'Notification.params': 'values of a notification text',
      'ReferenceItem.attributes': 'reference data',
      'Currency.units': 'reference data',
      'OnboardingQuestion.options': 'the choices of a question',
      'OnboardingQuestion.optionsHi': 'the choices of a question, in Hindi',
      'AdminAudit.before': 'a record of what changed, not a form',
      'AdminAudit.after': 'a record of what changed, not a form',
      'Customer.address': 'an address',
      'Feedback.answers': 'ratings and text',
      'ChatConversation.transcript': "the chat's last lines, words only",
      'DevFault.effect': 'what a fault rule does',
      'ConcurrencyLease.id': 'its own key',
      'DevJournalEntry.request': 'a copy of what was asked, for reading: a file named only there is not kept for it',
      'DevJournalEntry.response': 'a copy of what was answered, for reading',
    };
    const found: string[] = [];
    let model = '';
    for (const line of schema.split('\n')) {
      const m = line.match(/^model (\w+)/);
      if (m) model = m[1]!;
      const field = line.match(/^\s+(\w+)\s+(Json\??|String\[\]|String\??\s.*@db\.Uuid)/);
      if (field) found.push(`${model}.${field[1]}`);
    }
    expect(found).toEqual(expect.arrayContaining([...FILE_REFERENCE_COLUMNS, ...Object.keys(holdNoFileIds)]));
    const unclassified = found.filter((c) => !(FILE_REFERENCE_COLUMNS as readonly string[]).includes(c) && !(c in holdNoFileIds));
    expect(unclassified).toEqual([]);
  });
});
