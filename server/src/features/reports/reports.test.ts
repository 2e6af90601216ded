import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import {
  REPORT_DOWNLOADS_AT_ONCE,
  REPORT_KINDS,
  REPORTS,
  api,
  endpointUrl,
  grievanceNumberOf,
  type ReportKind,
} from '@pp/contract';
import {
  buildTestApp,
  callApi,
  createPartnerUser,
  createStaffUser,
  okResponse as ok,
  setupFeatureTest,
  signIn,
  withReferenceData,
} from '@pp/testing';
import { reportCondition, reportRows } from './report-sources.ts';
import { claimReportDownload } from '../../lib/limits.ts';

const { db, app } = await setupFeatureTest({ referenceData: false });
await withReferenceData(db);
const reports = (await signIn(app, (await createStaffUser(db, 'REPORTS')).username)).auth;

/** Grievances of a partner whose name a spreadsheet would run as a formula. */
const HOSTILE = '=HYPERLINK("http://evil.example","Click")';
const partner = await createPartnerUser(db);
await db.partner.update({ where: { id: partner.partner.id }, data: { organizationName: HOSTILE } });
const GRIEVANCES = 7;
for (let i = 0; i < GRIEVANCES; i++) {
  const submittedAt = new Date(Date.UTC(2026, 9, 1 + i));
  await db.grievance.create({
    data: {
      grievanceNumber: grievanceNumberOf(1, submittedAt, 900_000 + i),
      partnerId: partner.partner.id,
      companyCode: 1,
      reasonCode: 'PAYMENT_DELAY',
      subject: 'Payment late',
      description: 'A payment for a delivered order has not arrived.',
      fileIds: [],
      state: i < 3 ? 'SUBMITTED' : 'RESOLVED',
      title: `report test ${i}`,
      submittedAt,
      dueAt: new Date(submittedAt.getTime() + 7 * 86_400_000),
      answeredAt: i < 3 ? null : new Date(submittedAt.getTime() + (i === 3 ? 10 : 2) * 86_400_000),
    },
  });
}

async function download(report: ReportKind, format: 'xlsx' | 'csv', query: Record<string, string> = {}, headers = reports) {
  return app.inject({
    method: 'GET',
    url: endpointUrl(api.reports.download, { params: { report, format }, query }),
    headers,
  });
}

describe('reports', () => {
  it('shows every report with its chart and first rows, in its columns', async () => {
    for (const report of REPORT_KINDS) {
      const view = await ok(callApi(app, api.reports.view, { headers: reports, params: { report } }));
      expect(view.report).toBe(report);
      expect(view.preview.length).toBeLessThanOrEqual(Math.min(20, view.total));
      for (const row of view.preview) expect(row).toHaveLength(REPORTS[report].columns.length);
      for (const series of view.chart.series) expect(series.values).toHaveLength(view.chart.labels.length);
    }
    const grievances = await ok(callApi(app, api.reports.view, { headers: reports, params: { report: 'grievances' } }));
    expect(grievances.total).toBe(GRIEVANCES);
    // Three still open and long past their deadline, one answered late, three on time.
    const chart = Object.fromEntries(grievances.chart.series.map((s) => [s.key, s.values]));
    const at = (state: string) => grievances.chart.labels.indexOf(state);
    expect(chart.pastDeadline![at('SUBMITTED')]).toBe(3);
    expect(chart.pastDeadline![at('RESOLVED')]).toBe(1);
    expect(chart.withinDeadline![at('RESOLVED')]).toBe(3);
    const filtered = await ok(
      callApi(app, api.reports.view, {
        headers: reports,
        params: { report: 'grievances' },
        query: { state: 'SUBMITTED', from: '2026-10-01', to: '2026-10-02' },
      }),
    );
    expect(filtered.total).toBe(2);
  });

  it('downloads an XLSX that reads back whole, with formula-leading text kept as text', async () => {
    const res = await download('grievances', 'xlsx');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="grievances-\d{4}-\d{2}-\d{2}\.xlsx"$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ExcelJS.Buffer);
    const sheet = workbook.getWorksheet('grievances')!;
    expect(sheet.rowCount).toBe(GRIEVANCES + 1);
    expect(sheet.getRow(1).values).toEqual([undefined, ...REPORTS.grievances.columns.map((c) => c.en)]);
    const partnerCell = sheet.getRow(2).getCell(2);
    expect(partnerCell.type).toBe(ExcelJS.ValueType.String);
    expect(partnerCell.value).toBe(`'${HOSTILE} ${partner.partner.partnerNumber}`);
    expect(sheet.getRow(2).getCell(6).value).toBeInstanceOf(Date);
  });

  it('downloads a CSV in the reader’s language, neutralised the same way', async () => {
    const res = await download('grievances', 'csv', {}, { ...reports, 'accept-language': 'hi' } as typeof reports);
    expect(res.statusCode).toBe(200);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines).toHaveLength(GRIEVANCES + 1);
    expect(lines[0]).toBe(REPORTS.grievances.columns.map((c) => c.hi).join(','));
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil.example"",""Click"") ${partner.partner.partnerNumber}"`);
  });

  it('reads a long report a batch at a time, and ends its snapshot when the reader goes away', async () => {
    const actor = await createStaffUser(db, 'ADMIN');
    await db.adminAudit.createMany({
      data: Array.from({ length: 4_500 }, (_, i) => ({
        action: 'changeStatus',
        actorUserId: actor.user.id,
        remarks: `audit ${i}`,
      })),
    });
    const openTransactions = async () =>
      (
        await db.$queryRaw<[{ open: number }]>`
          SELECT count(*)::int AS open FROM pg_stat_activity
           WHERE datname = current_database() AND state LIKE 'idle in transaction%'`
      )[0].open;
    const now = new Date();
    const rows = reportRows(db, 'audit', reportCondition('audit', {}, now), now);
    const first = await rows.next();
    expect(first.value).toHaveLength(1_000);
    // The cursor waits, its transaction open, for the reader to take what it has read ahead.
    await expect.poll(openTransactions).toBe(1);
    await rows.return(undefined);
    expect(await openTransactions()).toBe(0);
    // A reader that goes at once, while the cursor is still fetching, ends it as well.
    const hasty = reportRows(db, 'audit', reportCondition('audit', {}, now), now);
    await hasty.next();
    await hasty.return(undefined);
    expect(await openTransactions()).toBe(0);
    const whole = await download('audit', 'csv');
    expect(whole.body.trimEnd().split('\r\n')).toHaveLength(4_500 + 1);
  });

  it('refuses other roles, partners and strangers, and names the bad filter', async () => {
    const buyer = (await signIn(app, (await createStaffUser(db, 'BUYER')).username)).auth;
    const admin = (await signIn(app, (await createStaffUser(db, 'ADMIN')).username)).auth;
    const own = (await signIn(app, partner.username)).auth;
    expect((await callApi(app, api.reports.view, { headers: buyer, params: { report: 'audit' } })).statusCode).toBe(403);
    expect((await callApi(app, api.reports.view, { headers: own, params: { report: 'audit' } })).statusCode).toBe(403);
    expect((await callApi(app, api.reports.view, { params: { report: 'audit' } })).statusCode).toBe(401);
    expect((await download('audit', 'csv', {}, buyer)).statusCode).toBe(403);
    expect((await callApi(app, api.reports.view, { headers: admin, params: { report: 'audit' } })).statusCode).toBe(200);
    for (const [params, query, field] of [
      [{ report: 'salaries' }, {}, 'report'],
      [{ report: 'grievances' }, { state: 'LOST' }, 'state'],
      [{ report: 'grievances' }, { businessCode: 'SUP' }, 'businessCode'],
      [{ report: 'audit' }, { companyCode: 1 }, 'companyCode'],
      [{ report: 'onboarding' }, { from: '2026-10-01' }, 'to'],
      [{ report: 'onboarding' }, { from: '2026-10-02', to: '2026-10-01' }, 'to'],
      [{ report: 'rfqs' }, { businessCode: 'SUP;DROP' }, 'businessCode'],
      [{ report: 'queries' }, { colour: 'red' }, ''],
    ] as const) {
      const res = await callApi(app, api.reports.view, { headers: reports, params, query });
      expect(res.statusCode, JSON.stringify([params, query])).toBe(400);
      expect(res.error().failureMessage).toMatch(new RegExp(`^${field}`));
    }
    const badFormat = await app.inject({ method: 'GET', url: '/partner-api/api/reports/audit/download/pdf', headers: reports });
    expect(badFormat.statusCode).toBe(400);
    const badState = await download('grievances', 'xlsx', { state: 'LOST' });
    expect(badState.statusCode).toBe(400);
    expect(badState.json<{ failureMessage: string }>().failureMessage).toMatch(/^state: /);
  });
});

describe('downloads at once', () => {
  it('lets a user have two in progress, refuses a third with 429 and Retry-After, and frees a place when one ends', async () => {
    const user = await createStaffUser(db, 'REPORTS');
    const headers = (await signIn(app, user.username)).auth;
    const userId = (await db.userAccount.findUniqueOrThrow({ where: { username: user.username } })).id;
    // Two downloads streaming (held as a download holds its place while its answer runs).
    const held = [await claimReportDownload(app, userId), await claimReportDownload(app, userId)];
    const third = await download('grievances', 'csv', {}, headers);
    expect(third.statusCode).toBe(429);
    expect(third.headers['retry-after']).toBe(String(REPORT_DOWNLOADS_AT_ONCE.retryAfterSeconds));
    expect(third.json<{ failureMessage: string }>().failureMessage).toMatch(/downloading 2 reports already/);
    // Another user is not held up by them.
    expect((await download('grievances', 'csv')).statusCode).toBe(200);
    await held[0]!();
    expect((await download('grievances', 'csv', {}, headers)).statusCode).toBe(200);
    // The download gave its place back: the second place is free again, the first one too.
    expect((await download('grievances', 'csv', {}, headers)).statusCode).toBe(200);
    await held[1]!();
  });

  it('gives exactly two places to claims that arrive together, on any server', async () => {
    const user = await createStaffUser(db, 'REPORTS');
    const userId = (await db.userAccount.findUniqueOrThrow({ where: { username: user.username } })).id;
    const other = await buildTestApp(db);
    const claims = await Promise.allSettled(
      Array.from({ length: 6 }, (_, i) => claimReportDownload(i % 2 ? app : other, userId)),
    );
    expect(claims.filter((c) => c.status === 'fulfilled')).toHaveLength(REPORT_DOWNLOADS_AT_ONCE.perUser);
    for (const c of claims) if (c.status === 'fulfilled') await c.value();
  });

  it('lets a place whose server died run out', async () => {
    const user = await createStaffUser(db, 'REPORTS');
    const userId = (await db.userAccount.findUniqueOrThrow({ where: { username: user.username } })).id;
    await claimReportDownload(app, userId);
    await claimReportDownload(app, userId);
    await expect(claimReportDownload(app, userId)).rejects.toMatchObject({ status: 429 });
    const later = { db, now: () => new Date(Date.now() + REPORT_DOWNLOADS_AT_ONCE.leaseMs + 1_000) };
    const release = await claimReportDownload(later, userId);
    await release();
  });
});
