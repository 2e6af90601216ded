import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SMS_CODES, api, type Availability } from '@pp/contract';
import { NotFound, addRoute, ok } from '@pp/platform';
import {
  activate,
  checkDuns,
  checkEmail,
  checkEmailDomain,
  checkMobile,
  checkNationalId,
  checkUsername,
  limitLookups,
  register,
  resendActivation,
  resendOtp,
  sendRegistrationOtp,
  verifyRegistrationOtp,
} from './registration.service.ts';

export default async function registrationRoutes(app: FastifyInstance) {
  const r = api.registration;
  /** An availability look-up: rate-limited per client IP, answered in the envelope. */
  const lookup =
    <C extends { request: FastifyRequest }>(check: (ctx: C) => Promise<Availability>) =>
    async (ctx: C) => {
      await limitLookups(app, ctx.request.ip);
      return ok(await check(ctx));
    };

  addRoute(app, r.countries, async () => {
    const countries = await app.db.country.findMany({ where: { registrationOpen: true }, orderBy: { countryName: 'asc' } });
    return ok(
      countries.map(({ countryCode, countryName, isoCode, isdCode }) => ({ countryCode, countryName, isoCode, isdCode })),
    );
  });

  addRoute(app, r.identityCards, async ({ query }) => {
    const cards = await app.db.countryIdentityCard.findMany({
      where: { countryCode: query.countryCode },
      orderBy: { id: 'asc' },
    });
    if (cards.length === 0) throw NotFound(`No national identifier is known for country ${query.countryCode}.`);
    return ok(cards.map(({ identityCard, longDesc, pattern, example }) => ({ identityCard, longDesc, pattern, example })));
  });

  addRoute(
    app,
    r.validateIdentityCard,
    lookup(({ query }) => checkNationalId(app, query.countryCode, query.longDesc, query.identityCard)),
  );

  addRoute(
    app,
    r.verifyDuns,
    lookup(({ params }) => checkDuns(app, params.dunsNumber)),
  );

  addRoute(
    app,
    r.validateMobile,
    lookup(({ params }) => checkMobile(app, params.mobileNumber)),
  );

  addRoute(
    app,
    r.validateEmail,
    lookup(({ params }) => checkEmail(app, params.email)),
  );

  addRoute(
    app,
    r.controlParameterEmail,
    lookup(({ params }) => checkEmailDomain(app, params.email)),
  );

  addRoute(app, r.companies, async () => {
    const companies = await app.db.groupCompany.findMany({ where: { isActive: true }, orderBy: { companyCode: 'asc' } });
    return ok(companies.map(({ companyCode, companyName, longDesc }) => ({ companyCode, companyName, longDesc })));
  });

  const options = (where: { level: number; companyCode?: number; parentCode?: string }) =>
    app.db.businessCategory
      .findMany({ where: { ...where, isActive: true }, orderBy: { categoryName: 'asc' } })
      .then((list) => ok(list.map(({ categoryCode, categoryName }) => ({ categoryCode, categoryName }))));

  addRoute(app, r.primaryBusinesses, ({ params }) => options({ level: 1, companyCode: params.companyCode }));
  addRoute(app, r.categories, ({ query }) => options({ level: 2, parentCode: query.categoryCode }));
  addRoute(app, r.subCategories, ({ query }) => options({ level: 3, parentCode: query.categoryCode }));

  addRoute(
    app,
    r.verifyUsername,
    lookup(({ params }) => checkUsername(app, params.username)),
  );

  addRoute(app, r.sendRegistrationOtp, async ({ params, body, request }) =>
    ok(await sendRegistrationOtp(app, params.loginName, body.mobileNumber, request.ip)),
  );

  addRoute(app, r.verifyRegistrationOtp, async ({ body }) =>
    ok(await verifyRegistrationOtp(app, body.loginName, body.mobileNumber, body.otp)),
  );

  addRoute(app, r.resendOtp, async ({ query, request }) =>
    ok(
      await resendOtp(
        app,
        query['login-name'],
        query['sms-code'] === SMS_CODES.registration ? 'REGISTRATION' : 'PASSWORD_RESET',
        request.ip,
      ),
    ),
  );

  addRoute(app, r.businessTerms, async ({ query }) => {
    const terms = await app.db.businessTerms.findUnique({
      where: { companyCode_categoryCode: { companyCode: query.companyCode, categoryCode: query.categoryCode } },
    });
    if (!terms) throw NotFound(`No terms are published for business ${query.categoryCode} of company ${query.companyCode}.`);
    return ok({ companyCode: terms.companyCode, categoryCode: terms.categoryCode, termsHtml: terms.termsHtml });
  });

  addRoute(app, r.register, async ({ body }) => ok(await register(app, body)));
  addRoute(app, r.activate, async ({ params }) => ok(await activate(app, params.code)));
  addRoute(app, r.resendActivation, async ({ query }) => ok(await resendActivation(app, query['email-id'], query['user-name'])));
}
