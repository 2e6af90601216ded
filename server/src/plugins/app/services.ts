import type { FastifyInstance, onSendHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { z } from 'zod';
import type { PartnerInfo, api } from '@pp/contract';
import { FeedCache } from '../../lib/feed-cache.ts';
import { SEARCHED_TABLES, searchedTableGroup, type SearchTotals } from '../../lib/paging.ts';
import { createMessenger, type Messenger } from '../../lib/messaging.ts';
import { createOtpService, type OtpService } from '../../lib/otp.ts';
import { mayWrite, onlyReads, pruneRateLimits } from '@pp/platform';
import { sqlOf } from '../../lib/limits.ts';
import { pruneSigninAttempts } from '../../lib/signin-throttle.ts';
import { sweepUnusedFiles } from '../../lib/file-sweeper.ts';

declare module 'fastify' {
  interface FastifyInstance {
    messenger: Messenger;
    otp: OtpService;
    /** GET /api/partner/info's answers (written once, kept as text) by partner id, while the change feed vouches for them. */
    partnerInfoCache: FeedCache<{ response: PartnerInfo; failureMessage: null }>;
    /** Workbench answers (written once, kept as text) by `companyCode|role|query`, while no request of the company moved. */
    workbenchCache: FeedCache<z.output<(typeof api.workflow.workbench)['response']>>;
    /** The workbench's counts per state, by company. */
    workbenchCountsCache: FeedCache<Record<string, number>>;
    /** Orders pages (written once, as the statement wrote them) by `partnerId|companyCode|body`. */
    ordersCache: FeedCache<z.output<(typeof api.business.orderSummary)['response']>>;
    /** Searched totals of the staff's lists (countSearched), by their statement, while the tables they count hold. */
    searchTotals: SearchTotals;
    /**
     * What a staff member's own write empties on the server that made it, before the change feed
     * reports it: the workbench's answers, searched totals, and what a feature adds of its own.
     */
    clearedOnStaffWrite: { clear(): void }[];
  }
}

const PRUNE_INTERVAL_MS = 60 * 60 * 1000;

/** The group of a company's workbench answers (the change feed names WorkflowRequest rows by company). */
export const workbenchGroup = (companyCode: number | string) => `company:${companyCode}`;
/** The group of a partner's orders pages (the change feed names their orders, invoices and payments by partner). */
export const ordersGroup = (partnerId: number | string) => `partner:${partnerId}`;
/** A partner's details in every language: what a change of theirs drops from the partner info cache. */
export const partnerInfoGroup = (partnerId: number | string) => `partner:${partnerId}`;
/** The group of every orders page, as each shows its orders' category names. */
export const ORDERS_CATEGORIES_GROUP = 'categories';

/**
 * Messaging (SMTP mail, SMS outbox), OTPs, the hourly clean-up of old rate-limit and sign-in
 * counters and of uploaded files no form uses, and the partner details every partner page asks for, kept in memory.
 */
export default fp(
  async (app) => {
    const messenger = createMessenger({ db: app.db, smtpUrl: app.config.smtpUrl, from: app.config.mailFrom });
    app.decorate('messenger', messenger);
    app.decorate('otp', createOtpService(app.config.jwtSecret));
    const { maxAgeMs } = app.config.caches;
    // The details follow the partner's row, its businesses and its profiles' status (any server's
    // change); kept per language (business names are said in the reader's), dropped for both at once.
    const partnerInfo = new FeedCache<{ response: PartnerInfo; failureMessage: null }>(app.changes, {
      maxAgeMs,
      maxEntries: app.config.caches.partnerInfo,
    });
    for (const table of ['Partner', 'CompanyMapping', 'OnboardingProfile']) partnerInfo.follow(table, partnerInfoGroup);
    app.decorate('partnerInfoCache', partnerInfo);
    // A moved request of a company drops that company's answers, those being read at that moment too.
    const workbench: FastifyInstance['workbenchCache'] = new FeedCache(app.changes, {
      maxAgeMs,
      maxEntries: app.config.caches.workbench,
    });
    workbench.follow('WorkflowRequest', workbenchGroup);
    app.decorate('workbenchCache', workbench);
    const counts = new FeedCache<Record<string, number>>(app.changes, { maxAgeMs, maxEntries: app.config.caches.workbench });
    counts.follow('WorkflowRequest');
    app.decorate('workbenchCountsCache', counts);
    // The orders page, the partners' busiest read of the database: the group's ERP writes orders,
    // invoices and payments, the portal never does, so a page holds until the feed reports one.
    const orders: FastifyInstance['ordersCache'] = new FeedCache(app.changes, { maxAgeMs, maxEntries: app.config.caches.orders });
    for (const table of ['PartnerOrder', 'PartnerInvoice', 'PartnerPayment']) orders.follow(table, ordersGroup);
    orders.follow('BusinessCategory', () => ORDERS_CATEGORIES_GROUP);
    app.decorate('ordersCache', orders);
    const searchTotals: SearchTotals = new FeedCache(app.changes, { maxAgeMs, maxEntries: app.config.caches.searchTotals });
    for (const table of SEARCHED_TABLES) searchTotals.follow(table, () => searchedTableGroup(table));
    app.decorate('searchTotals', searchTotals);
    const clearedOnStaffWrite: { clear(): void }[] = [workbench, counts, searchTotals];
    app.decorate('clearedOnStaffWrite', clearedOnStaffWrite);
    // A caller's own write is read back at once, before the feed reports it: a partner's (a company
    // switch, a submit) its details, a staff member's (a request moved) this server's workbench and searches.
    // Only on routes that may write: a hook on every route was work on every cached read.
    const readBackOwnWrite: onSendHookHandler = (request, _reply, payload, done) => {
      if (request.auth && mayWrite(request)) {
        const { partnerId } = request.auth;
        if (partnerId !== null) partnerInfo.invalidateGroup(partnerInfoGroup(String(partnerId)));
        else for (const kept of clearedOnStaffWrite) kept.clear();
      }
      done(null, payload);
    };
    app.addHook('onRoute', (route) => {
      if (onlyReads(route.method) || route.config?.readsOnly === true) return;
      route.onSend = [...[route.onSend ?? []].flat(), readBackOwnWrite];
    });
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
