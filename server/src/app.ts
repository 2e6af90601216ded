import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { PARTNER_API_PREFIX, loginPageData } from '@pp/contract';
import { accessLogOptions, REQUEST_TIMEOUT_MS, answerClientError, keptQuerystringParser, useContractSchemas } from '@pp/platform';
import type { ServerConfig } from './config.ts';
import type { Db } from '@pp/db';
import accessRoutes from './features/access/access.routes.ts';
import authRoutes from './features/auth/auth.routes.ts';
import faqRoutes from './features/faq/faq.routes.ts';
import { loginPageNotifications } from './features/faq/faq.service.ts';
import healthRoutes from './features/health/health.routes.ts';
import accountRoutes from './features/account/account.routes.ts';
import registrationRoutes from './features/registration/registration.routes.ts';
import mailboxRoutes from './features/mailbox/mailbox.routes.ts';
import devControls from './features/devtools/controls.ts';
import devtoolsRoutes from './features/devtools/devtools.routes.ts';
import queriesRoutes from './features/queries/queries.routes.ts';
import notificationRoutes from './features/notifications/notifications.routes.ts';
import businessRoutes from './features/business/business.routes.ts';
import grievanceRoutes from './features/grievances/grievances.routes.ts';
import auctionRoutes from './features/auctions/auctions.routes.ts';
import feedbackRoutes from './features/feedback/feedback.routes.ts';
import testimonialRoutes from './features/testimonials/testimonials.routes.ts';
import companyRoutes from './features/companies/companies.routes.ts';
import partnerRoutes from './features/partner/partner.routes.ts';
import filesRoutes from './features/files/files.routes.ts';
import forensicsRoutes from './features/forensics/forensics.routes.ts';
import reportRoutes from './features/reports/reports.routes.ts';
import vendorRoutes from './features/vendors/vendors.routes.ts';
import onboardingRoutes from './features/onboarding/onboarding.routes.ts';
import workflowRoutes from './features/workflow/workflow.routes.ts';
import adminRoutes from './features/admin/admin.routes.ts';
import customerRoutes from './features/customers/customers.routes.ts';
import referenceRoutes from './features/reference/reference.routes.ts';
import authPlugin from './plugins/app/auth.ts';
import configPlugin from './plugins/app/config.ts';
import dbPlugin from './plugins/app/db.ts';
import errorsPlugin, { MAX_PATH_PARAMETER_LENGTH, frameworkErrors } from './plugins/app/errors.ts';
import servicesPlugin from './plugins/app/services.ts';
import filesPlugin from './plugins/app/files.ts';
import compression from './plugins/external/compression.ts';
import cors from './plugins/external/cors.ts';
import gatewayProxy from './plugins/external/gateway-proxy.ts';
import multipart from './plugins/external/multipart.ts';
import openapi from './plugins/external/openapi.ts';
import security from './plugins/external/security.ts';
import webStatic from './plugins/external/web-static.ts';

/** What tests (and scripts) may inject; production passes nothing. */
export interface BuildOptions {
  db?: Db;
  /** The injected database's address, for the change feed (without it, nothing is cached in memory). */
  databaseUrl?: string;
  now?: () => Date;
  logger?: FastifyServerOptions['logger'];
}

const BODY_LIMIT_BYTES = 1024 * 1024;

/** Builds the API server without listening; main.ts listens, tests call inject() or listen on port 0. */
export async function buildApp(config: ServerConfig, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    ...accessLogOptions(),
    logger: options.logger ?? { level: config.logLevel },
    bodyLimit: BODY_LIMIT_BYTES,
    routerOptions: { maxParamLength: MAX_PATH_PARAMETER_LENGTH, querystringParser: keptQuerystringParser() },
    frameworkErrors,
    clientErrorHandler: answerClientError,
    // Fastify waits for ever by default: a client that never finishes its request would hold the connection.
    requestTimeout: REQUEST_TIMEOUT_MS,
    // Per-IP rate limits read request.ip, so only configured proxy hops may set it.
    trustProxy: (_address: string, hop: number) => hop < config.trustProxyHops,
  });
  useContractSchemas(app);

  // External plugins first, then ours, then the features (fastify/demo's boot order).
  await app.register(configPlugin, { config, ...(options.now ? { now: options.now } : {}) });
  // Before the plugins that shape answers: the journal reads them as JSON, a slow body is slowed before compression.
  if (config.devControls !== 'off') await app.register(devControls);
  await app.register(security);
  await app.register(cors);
  await app.register(compression);
  await app.register(openapi);
  await app.register(errorsPlugin);
  await app.register(
    dbPlugin,
    options.db ? { db: options.db, ...(options.databaseUrl ? { url: options.databaseUrl } : {}) } : {},
  );
  await app.register(authPlugin);
  await app.register(filesPlugin);
  await app.register(servicesPlugin);

  await app.register(
    async (partnerApi) => {
      // The features' routes share this one plugin context. Fastify gives each registered plugin a
      // Request and a Reply class of its own: 23 registered route plugins made 23 shapes of request
      // object, and the hooks and Fastify's own code that every request runs through saw them all.
      // Three servers of each, warmed alike, in turns: partner info 13,200-20,100 req/s registered,
      // 21,800-22,300 sharing; the same staff search 14,100-16,400 and 18,300-19,700; the orders
      // page from memory 7,900-10,100 and 10,900-11,000. Only a scope with hooks of its own is
      // registered.
      const features = [
        healthRoutes,
        authRoutes,
        partnerRoutes,
        faqRoutes,
        notificationRoutes,
        businessRoutes,
        grievanceRoutes,
        auctionRoutes,
        feedbackRoutes,
        testimonialRoutes,
        companyRoutes,
        accessRoutes,
        registrationRoutes,
        accountRoutes,
        queriesRoutes,
        referenceRoutes,
        onboardingRoutes,
        workflowRoutes,
        adminRoutes,
        customerRoutes,
        forensicsRoutes,
        reportRoutes,
        vendorRoutes,
      ];
      for (const routes of features) await routes(partnerApi);
      // The one multipart endpoint's scope: the plugin's hooks (a promise and a listener on every
      // request, for files it may have saved) run on its routes only.
      await partnerApi.register(async (uploads) => {
        await uploads.register(multipart);
        await filesRoutes(uploads);
      });
      if (config.devMailbox !== 'off') await partnerApi.register(mailboxRoutes);
      if (config.devControls !== 'off') await partnerApi.register(devtoolsRoutes);
    },
    { prefix: PARTNER_API_PREFIX },
  );
  await app.register(gatewayProxy);
  await app.register(webStatic, {
    pageData: { login: async (language) => loginPageData(await loginPageNotifications(app.db, app.now(), language)) },
  });
  return app;
}
