import type { FastifyInstance } from 'fastify';
import { REPORT_PREVIEW_ROWS, REPORTS, api } from '@pp/contract';
import { addRoute, ok } from '@pp/platform';
import { reportCondition, reportRows, reportView } from './report-sources.ts';
import { REPORT_MEDIA_TYPES, reportStream } from './report-writer.ts';
import { claimReportDownload } from '../../lib/limits.ts';

export default async function reportRoutes(app: FastifyInstance) {
  addRoute(app, api.reports.view, async ({ params, query }) =>
    ok(await reportView(app.db, params.report, query, REPORT_PREVIEW_ROWS, app.now())),
  );
  addRoute(app, api.reports.download, async ({ auth, params, query, language, reply }) => {
    const now = app.now();
    // Checked before the first byte: a bad filter is a 400, not a broken file.
    const where = reportCondition(params.report, query, now);
    // A user's downloads at once are bounded on every server; the place is given back when the
    // answer ends, whole or cut short.
    const release = await claimReportDownload(app, auth.userId);
    reply.raw.once('close', () => {
      release().catch((error: unknown) => app.log.warn({ err: error }, 'a report download’s place not given back: it runs out'));
    });
    const headers = REPORTS[params.report].columns.map((c) => (language === 'hi' ? c.hi : c.en));
    const file = `${params.report}-${now.toISOString().slice(0, 10)}.${params.format}`;
    return reply
      .headers({
        'content-type': REPORT_MEDIA_TYPES[params.format],
        'content-disposition': `attachment; filename="${file}"`,
        'cache-control': 'no-store',
      })
      .send(await reportStream(params.format, params.report, headers, reportRows(app.db, params.report, where, now)));
  });
}
