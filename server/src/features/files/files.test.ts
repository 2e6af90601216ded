import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MESSAGES, UPLOAD_MAX_BYTES, api } from '@pp/contract';
import {
  callApi,
  createPartnerUser,
  freshIp,
  sampleCsv,
  sampleDocx,
  sampleExe,
  sampleJpg,
  sampleOle,
  samplePdf,
  samplePng,
  sampleXlsx,
  setupFeatureTest,
  signIn,
  uploadFile,
} from '@pp/testing';

const { db, app } = await setupFeatureTest();

async function partnerSession() {
  const { username, partner } = await createPartnerUser(db);
  const { auth } = await signIn(app, username);
  return { auth: { ...auth, ...freshIp() }, partner };
}

describe('POST /api/fileUpload', () => {
  it.each([
    ['statement.pdf', samplePdf(), 'application/pdf'],
    ['logo.png', samplePng(), 'image/png'],
    ['photo.JPG', sampleJpg(), 'image/jpeg'],
    ['photo.jpeg', sampleJpg(), 'image/jpeg'],
    ['profile.docx', sampleDocx(), 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    ['figures.xlsx', sampleXlsx(), 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    ['old.doc', sampleOle(), 'application/msword'],
    ['old.xls', sampleOle(), 'application/vnd.ms-excel'],
    ['figures.csv', sampleCsv(), 'text/csv; charset=utf-8'],
  ])('takes %s, answers UniqueID and SiteUrl, and gives it back to its owner byte for byte', async (name, content, mediaType) => {
    const { auth, partner } = await partnerSession();
    const res = await uploadFile(app, { name, content }, { headers: auth });
    expect(res.statusCode).toBe(200);
    const { UniqueID, SiteUrl, fileName, fileSize } = res.json().response;
    expect(SiteUrl).toBe(`/partner-api/api/fileDownload/${UniqueID}`);
    expect([fileName, fileSize]).toEqual([name, content.length]);
    const row = await db.storedFile.findUniqueOrThrow({ where: { id: UniqueID } });
    expect([row.partnerId, row.mediaType]).toEqual([partner.id, mediaType]);

    const download = await app.inject({ method: 'GET', url: SiteUrl, headers: auth });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(content)).toBe(true);
    expect(download.headers['content-type']).toBe(mediaType);
    expect(download.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent(name)}`);
  });

  it('refuses an executable renamed to .pdf, naming what the content is, and keeps nothing', async () => {
    const { auth } = await partnerSession();
    const before = await db.storedFile.count();
    const res = await uploadFile(app, { name: 'invoice.pdf', content: sampleExe() }, { headers: auth });
    expect(res.statusCode).toBe(400);
    expect(res.error().fieldErrors).toEqual([{ field: 'file', message: MESSAGES.fileContentMismatch('pdf', 'exe') }]);
    expect(res.error().failureMessage).toContain('Please upload valid file');
    expect(await db.storedFile.count()).toBe(before);
  });

  it('refuses a type the module does not take, by name, and binary content named .csv', async () => {
    const { auth } = await partnerSession();
    const exe = await uploadFile(app, { name: 'setup.exe', content: sampleExe() }, { headers: auth });
    expect(exe.statusCode).toBe(400);
    expect(exe.error().failureMessage).toContain('.exe is not accepted');
    const picture = await uploadFile(app, { name: 'me.pdf', content: samplePdf() }, { headers: auth, moduleCode: 'PTM' });
    expect(picture.statusCode).toBe(400);
    expect(picture.error().failureMessage).toContain('accepted: jpg, png');
    const csv = await uploadFile(app, { name: 'data.csv', content: samplePng() }, { headers: auth });
    expect(csv.error().failureMessage).toBe(`file: ${MESSAGES.fileContentMismatch('csv', 'png')}`);
  });

  it('refuses a CSV with a cell a spreadsheet would run as a formula, naming where it is, and keeps nothing', async () => {
    const { auth } = await partnerSession();
    const before = await db.storedFile.count();
    const attack = Buffer.from('a,b\n1,2\n=cmd|"/c calc"!A1,3\n', 'utf8');
    const res = await uploadFile(app, { name: 'x.csv', content: attack }, { headers: auth });
    expect(res.statusCode).toBe(400);
    expect(res.error().fieldErrors).toEqual([{ field: 'file', message: MESSAGES.fileFormulaCell(3, 1, '=cmd|"/c calc"!A1') }]);
    expect(await db.storedFile.count()).toBe(before);
    // Negative amounts are numbers, not formulas; a neutralised cell is text.
    const fine = Buffer.from("year,change,note\n2025-26,-12.5,'=kept as text\n", 'utf8');
    expect((await uploadFile(app, { name: 'ok.csv', content: fine }, { headers: auth })).statusCode).toBe(200);
  });

  it('answers 413 for a file over the limit and keeps no partial file', async () => {
    const { auth } = await partnerSession();
    const big = Buffer.concat([samplePdf(), Buffer.alloc(UPLOAD_MAX_BYTES + 1024, 0x20)]);
    const res = await uploadFile(app, { name: 'huge.pdf', content: big }, { headers: auth });
    expect(res.statusCode).toBe(413);
    expect(res.error().failureMessage).toBe(MESSAGES.fileTooLarge(UPLOAD_MAX_BYTES));
    expect(await db.storedFile.count({ where: { fileName: 'huge.pdf' } })).toBe(0);
  });

  it('keeps only the last segment of a path-traversal name, and stores under a generated key', async () => {
    const { auth } = await partnerSession();
    const res = await uploadFile(app, { name: '../../../etc/passwd.pdf', content: samplePdf() }, { headers: auth });
    expect(res.statusCode).toBe(200);
    expect(res.json().response.fileName).toBe('passwd.pdf');
    const row = await db.storedFile.findUniqueOrThrow({ where: { id: res.json().response.UniqueID } });
    expect(row.storageKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(existsSync(app.files.pathOf(row.storageKey))).toBe(true);
    const windows = await uploadFile(app, { name: '..\\..\\boot.ini.pdf', content: samplePdf() }, { headers: auth });
    expect(windows.json().response.fileName).toBe('boot.ini.pdf');
  });

  it('refuses an empty file, a missing file and a file in another field', async () => {
    const { auth } = await partnerSession();
    const empty = await uploadFile(app, { name: 'empty.pdf', content: Buffer.alloc(0) }, { headers: auth });
    expect(empty.error().failureMessage).toBe(`file: ${MESSAGES.fileEmpty}`);
    const wrongField = await uploadFile(app, { name: 'a.pdf', content: samplePdf(), field: 'document' }, { headers: auth });
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.error().fieldErrors).toEqual([{ field: 'file', message: MESSAGES.fileRequired }]);
    const json = await callApi(app, api.files.upload, { headers: auth, body: { file: 'x' } });
    expect(json.statusCode).toBe(415);
    expect(json.error().failureMessage).toBe(MESSAGES.notMultipart);
  });
});

describe('GET /api/fileDownload/{UniqueID}', () => {
  it("another partner's file is not found, and a made-up id neither", async () => {
    const owner = await partnerSession();
    const other = await partnerSession();
    const { UniqueID } = (await uploadFile(app, { name: 'bank.pdf', content: samplePdf() }, { headers: owner.auth })).json()
      .response;
    const foreign = await callApi(app, api.files.download, { params: { uniqueId: UniqueID }, headers: other.auth });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.error().failureMessage).toBe(MESSAGES.fileNotFound);
    const unknown = await callApi(app, api.files.download, {
      params: { uniqueId: '00000000-0000-4000-8000-000000000000' },
      headers: owner.auth,
    });
    expect(unknown.statusCode).toBe(404);
    const malformed = await callApi(app, api.files.download, {
      params: { uniqueId: '..%2F..%2Fetc%2Fpasswd' },
      headers: owner.auth,
    });
    expect(malformed.statusCode).toBe(400);
  });
});
