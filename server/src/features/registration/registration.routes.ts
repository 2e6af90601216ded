import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SMS_CODES, api } from '@pp/contract';
import { addRoute, ok, type Message } from '@pp/platform';
import { limitLookups } from '../../lib/limits.ts';
import { activate, resendActivation } from './activation.ts';
import {
  checkDuns,
  checkEmail,
  checkEmailDomain,
  checkMobile,
  checkNationalId,
  checkUsername,
  type AvailabilityAnswer,
} from './check-availability.ts';
import {
  businessCategoryOptions,
  businessTerms,
  groupCompanies,
  identityCards,
  registrationCountries,
} from './reference-data.ts';
import { register } from './register-partner.ts';
import { resendOtp, sendRegistrationOtp, verifyRegistrationOtp } from './registration-otp.ts';

export default async function registrationRoutes(app: FastifyInstance) {
  /** An availability look-up: rate-limited per client IP, answered in the envelope. */
  const lookup =
    <C extends { request: FastifyRequest; say: (message: Message) => string }>(check: (ctx: C) => Promise<AvailabilityAnswer>) =>
    async (ctx: C) => {
      await limitLookups(app, ctx.request.ip);
      const answer = await check(ctx);
      return ok({ ...answer, message: ctx.say(answer.message) });
    };

  addRoute(app, api.registration.countries, async ({ language }) => ok(await registrationCountries(app.db, language)));
  addRoute(app, api.registration.identityCards, async ({ query }) => ok(await identityCards(app.db, query.countryCode)));

  addRoute(
    app,
    api.registration.validateIdentityCard,
    lookup(({ query }) => checkNationalId(app, query.countryCode, query.longDesc, query.identityCard)),
  );

  addRoute(
    app,
    api.registration.verifyDuns,
    lookup(({ params }) => checkDuns(app, params.dunsNumber)),
  );

  addRoute(
    app,
    api.registration.validateMobile,
    lookup(({ params }) => checkMobile(app, params.mobileNumber)),
  );

  addRoute(
    app,
    api.registration.validateEmail,
    lookup(({ params }) => checkEmail(app, params.email)),
  );

  addRoute(
    app,
    api.registration.controlParameterEmail,
    lookup(({ params }) => checkEmailDomain(app, params.email)),
  );

  addRoute(app, api.registration.companies, async () => ok(await groupCompanies(app.db)));
  addRoute(app, api.registration.primaryBusinesses, async ({ params, language }) =>
    ok(await businessCategoryOptions(app.db, { level: 1, companyCode: params.companyCode }, language)),
  );
  addRoute(app, api.registration.categories, async ({ query, language }) =>
    ok(await businessCategoryOptions(app.db, { level: 2, parentCode: query.categoryCode }, language)),
  );
  addRoute(app, api.registration.subCategories, async ({ query, language }) =>
    ok(await businessCategoryOptions(app.db, { level: 3, parentCode: query.categoryCode }, language)),
  );

  addRoute(
    app,
    api.registration.verifyUsername,
    lookup(({ params }) => checkUsername(app, params.username)),
  );

  addRoute(app, api.registration.sendRegistrationOtp, async ({ params, body, request, say }) =>
    ok(say(await sendRegistrationOtp(app, params.loginName, body.mobileNumber, request.ip))),
  );

  addRoute(app, api.registration.verifyRegistrationOtp, async ({ body, say }) =>
    ok(say(await verifyRegistrationOtp(app, body.loginName, body.mobileNumber, body.otp))),
  );

  addRoute(app, api.registration.resendOtp, async ({ query, request, say }) =>
    ok(
      say(
        await resendOtp(
          app,
          query['login-name'],
          query['sms-code'] === SMS_CODES.registration ? 'REGISTRATION' : 'PASSWORD_RESET',
          request.ip,
        ),
      ),
    ),
  );

  addRoute(app, api.registration.businessTerms, async ({ query }) =>
    ok(await businessTerms(app.db, query.companyCode, query.categoryCode)),
  );

  addRoute(app, api.registration.register, async ({ body, say }) => {
    const registered = await register(app, body);
    return ok({ ...registered, message: say(registered.message) });
  });
  addRoute(app, api.registration.activate, async ({ params, say }) => ok(say(await activate(app, params.code))));
  addRoute(app, api.registration.resendActivation, async ({ query, say }) =>
    ok(say(await resendActivation(app, query['email-id'], query['user-name']))),
  );
}
