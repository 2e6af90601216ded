import fp from 'fastify-plugin';
import { createMessenger, type Messenger } from '../../lib/messaging.ts';
import { createOtpService, type OtpService } from '../../lib/otp.ts';
import { pruneRateLimits } from '@pp/platform';
import { sqlOf } from '../../lib/limits.ts';
import { pruneSigninAttempts } from '../../lib/signin-throttle.ts';

declare module 'fastify' {
  interface FastifyInstance {
    messenger: Messenger;
    otp: OtpService;
  }
}

const PRUNE_INTERVAL_MS = 60 * 60 * 1000;

/** Messaging (SMTP mail, SMS outbox), OTPs, and the hourly clean-up of old rate-limit and sign-in counters. */
export default fp(
  async (app) => {
    const messenger = createMessenger({ db: app.db, smtpUrl: app.config.smtpUrl, from: app.config.mailFrom });
    app.decorate('messenger', messenger);
    app.decorate('otp', createOtpService(app.config.jwtSecret));
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
