import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { z } from 'zod';
import type { PartnerInfo, api } from '@pp/contract';
import { FeedCache } from '../../lib/feed-cache.ts';
import { createMessenger, type Messenger } from '../../lib/messaging.ts';
import { createOtpService, type OtpService } from '../../lib/otp.ts';
import { pruneRateLimits } from '@pp/platform';
import { sqlOf } from '../../lib/limits.ts';
import { pruneSigninAttempts } from '../../lib/signin-throttle.ts';

declare module 'fastify' {
  interface FastifyInstance {
    messenger: Messenger;
    otp: OtpService;
    /** GET /api/partner/info's answers (frozen envelopes) by partner id, while the change feed vouches for them. */
    partnerInfoCache: FeedCache<{ response: PartnerInfo; failureMessage: null }>;
    /** Workbench answers (frozen envelopes) by `companyCode|role|query`, while no request of the company moved. */
    workbenchCache: FeedCache<z.output<(typeof api.workflow.workbench)['response']>>;
    /** The workbench's counts per state, by company. */
    workbenchCountsCache: FeedCache<Record<string, number>>;
  }
}

const PRUNE_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Messaging (SMTP mail, SMS outbox), OTPs, the hourly clean-up of old rate-limit and sign-in
 * counters, and the partner details every partner page asks for, kept in memory.
 */
export default fp(
  async (app) => {
    const messenger = createMessenger({ db: app.db, smtpUrl: app.config.smtpUrl, from: app.config.mailFrom });
    app.decorate('messenger', messenger);
    app.decorate('otp', createOtpService(app.config.jwtSecret));
    // The details follow the partner's row, its businesses and its profiles' status (any server's change).
    const partnerInfo = new FeedCache<{ response: PartnerInfo; failureMessage: null }>(app.changes, {
      maxAgeMs: 60_000,
      maxEntries: 10_000,
    });
    for (const table of ['Partner', 'CompanyMapping', 'OnboardingProfile']) partnerInfo.follow(table);
    app.decorate('partnerInfoCache', partnerInfo);
    const workbench: FastifyInstance['workbenchCache'] = new FeedCache(app.changes, { maxAgeMs: 60_000, maxEntries: 2_000 });
    workbench.follow('WorkflowRequest', (companyCode) => workbench.keys().filter((k) => k.startsWith(`${companyCode}|`)));
    app.decorate('workbenchCache', workbench);
    const counts = new FeedCache<Record<string, number>>(app.changes, { maxAgeMs: 60_000, maxEntries: 1_000 });
    counts.follow('WorkflowRequest');
    app.decorate('workbenchCountsCache', counts);
    // A partner's own write (a company switch, a submit) is read back at once, before the feed reports it.
    app.addHook('onSend', async (request) => {
      const partnerId = request.auth?.partnerId;
      if (partnerId !== null && partnerId !== undefined && request.method !== 'GET' && request.method !== 'HEAD')
        partnerInfo.changed(String(partnerId));
    });
    const timer = setInterval(() => {
      Promise.all([pruneRateLimits(sqlOf(app.db), app.now()), pruneSigninAttempts(app.db, app.now())]).catch((error: unknown) =>
        app.log.warn({ err: error }, 'rate-limit prune failed'),
      );
    }, PRUNE_INTERVAL_MS);
    timer.unref();
    app.addHook('onClose', async () => {
      clearInterval(timer);
      messenger.close();
    });
  },
  { name: 'services', dependencies: ['config', 'db'] },
);
