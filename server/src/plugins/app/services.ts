import fp from 'fastify-plugin';
import { installKept, keptAnswers } from '../../lib/kept.ts';
import { SEARCHED_TABLES, searchedTableGroup, type SearchTotals } from '../../lib/paging.ts';
import { createMessenger, type Messenger } from '../../lib/messaging.ts';
import { createOtpService, type OtpService } from '../../lib/otp.ts';
import { pruneRateLimits } from '@pp/platform';
import { sqlOf } from '../../lib/limits.ts';
import { pruneSigninAttempts } from '../../lib/signin-throttle.ts';
import { sweepUnusedFiles } from '../../lib/file-sweeper.ts';

declare module 'fastify' {
  interface FastifyInstance {
    messenger: Messenger;
    otp: OtpService;
    /** Searched totals of the staff's lists (countSearched), by their statement, while the tables they count hold. */
    searchTotals: SearchTotals;
  }
}

const PRUNE_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Messaging (SMTP mail, SMS outbox), OTPs, the hourly clean-up of old rate-limit and sign-in
 * counters and of uploaded files no form uses, and the app's kept caches (lib/kept.ts).
 */
export default fp(
  async (app) => {
    const messenger = createMessenger({ db: app.db, smtpUrl: app.config.smtpUrl, from: app.config.mailFrom });
    app.decorate('messenger', messenger);
    app.decorate('otp', createOtpService(app.config.jwtSecret));
    installKept(app);
    const searchTotals: SearchTotals = keptAnswers(app, 'searchTotals', {
      size: 'searchTotals',
      follows: Object.fromEntries(SEARCHED_TABLES.map((table) => [table, () => searchedTableGroup(table)])),
      staffWriteClears: true,
    });
    app.decorate('searchTotals', searchTotals);
    const timer = setInterval(() => {
      Promise.all([pruneRateLimits(sqlOf(app.db), app.now()), pruneSigninAttempts(app.db, app.now())]).catch((error: unknown) =>
        app.log.warn({ err: error }, 'rate-limit prune failed'),
      );
      sweepUnusedFiles(app, app.now(), app.config.uploads.unusedFileLifetimeMs).then(
        ({ deleted }) => deleted > 0 && app.log.info({ deleted }, 'unused files removed'),
        (error: unknown) => app.log.warn({ err: error }, 'unused-file sweep failed'),
      );
    }, PRUNE_INTERVAL_MS);
    timer.unref();
    app.addHook('onClose', async () => {
      clearInterval(timer);
      messenger.close();
    });
  },
  { name: 'services', dependencies: ['config', 'db', 'files'] },
);
