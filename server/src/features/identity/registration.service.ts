import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import {
  EMAIL_ACTIVATION_TTL_MS,
  MESSAGES,
  OTP_VERIFIED_VALID_MS,
  REGISTRATION_OTP_DIGITS,
  RESERVED_USERNAMES,
  RULES,
  translate,
  type Availability,
  type registerBodySchema,
} from '@pp/contract';
import type { z } from 'zod';
import { AppError, Invalid, NotFound } from '@pp/platform';
import { LIMITS } from '../../lib/limits.ts';
import { hashPassword } from '@pp/db/passwords';
import { consumeRateLimit } from '../../lib/rate-limit.ts';
import { activationMail, deliverOtp } from './messages.ts';

type App = FastifyInstance;
type RegisterInput = z.output<typeof registerBodySchema>;

const yes = (message: string): Availability => ({ available: true, message });
const no = (message: string): Availability => ({ available: false, message });

export async function limitLookups(app: App, ip: string) {
  await consumeRateLimit(app.db, `lookup:${ip}`, LIMITS.lookupPerIp, app.now(), MESSAGES.tooManyRequests);
}

export async function limitOtpSends(app: App, target: string, ip: string) {
  await consumeRateLimit(app.db, `otp-send-ip:${ip}`, LIMITS.otpSendPerIp, app.now(), MESSAGES.tooManyOtpRequests);
  await consumeRateLimit(app.db, `otp-send:${target}`, LIMITS.otpSendPerTarget, app.now(), MESSAGES.tooManyOtpRequests);
}

// --- look-ups ---------------------------------------------------------------------------

export async function checkUsername(app: App, username: string): Promise<Availability> {
  const valid =
    RULES.username.pattern.test(username) && !(RESERVED_USERNAMES as readonly string[]).includes(username.toLowerCase());
  const taken = valid && (await app.db.userAccount.count({ where: { username: username.toLowerCase() } })) > 0;
  return valid && !taken ? yes(MESSAGES.usernameAvailable) : no(MESSAGES.usernameTaken);
}

export async function checkMobile(app: App, mobile: string): Promise<Availability> {
  const taken = await app.db.partner.count({ where: { mobileNumber: mobile } });
  return taken ? no(MESSAGES.mobileTaken) : yes(MESSAGES.mobileAvailable);
}

export async function checkEmail(app: App, email: string): Promise<Availability> {
  const [partners, users] = await Promise.all([
    app.db.partner.count({ where: { email } }),
    app.db.userAccount.count({ where: { email } }),
  ]);
  return partners + users > 0 ? no(MESSAGES.emailTaken) : yes(MESSAGES.emailAvailable);
}

/** Disposable domains and the group's own domains (first label) may not register. */
export async function checkEmailDomain(app: App, email: string): Promise<Availability> {
  const params = await app.db.controlParameter.findMany({
    where: { paramKey: { in: ['BLOCKED_EMAIL_DOMAINS', 'GROUP_EMAIL_DOMAIN_LABELS'] } },
  });
  const list = (key: string) =>
    (params.find((p) => p.paramKey === key)?.paramValue ?? '')
      .split(',')
      .map((v) => v.trim().toLowerCase())
      .filter(Boolean);
  const domain = email.split('@')[1] ?? '';
  const firstLabel = domain.split('.')[0] ?? '';
  const blocked =
    list('BLOCKED_EMAIL_DOMAINS').some((d) => domain === d || domain.endsWith(`.${d}`)) ||
    list('GROUP_EMAIL_DOMAIN_LABELS').includes(firstLabel);
  return blocked ? no(MESSAGES.emailDomainBlocked) : yes(MESSAGES.emailDomainAccepted);
}

export async function checkDuns(app: App, duns: string): Promise<Availability> {
  const taken = await app.db.partner.count({ where: { dunsNumber: duns } });
  return taken ? no(MESSAGES.dunsTaken) : yes(MESSAGES.dunsAvailable);
}

async function identityCardOf(app: App, countryCode: number, identityCard: string) {
  const card = await app.db.countryIdentityCard.findUnique({
    where: { countryCode_identityCard: { countryCode, identityCard } },
  });
  if (!card) throw Invalid('identityCard', `${identityCard} is not an identifier used for this country`);
  return card;
}

export async function checkNationalId(app: App, countryCode: number, kind: string, value: string): Promise<Availability> {
  const card = await identityCardOf(app, countryCode, kind);
  if (!new RegExp(card.pattern).test(value)) {
    return no(translate('rule.nationalId', 'en', { kind: card.longDesc, example: card.example }));
  }
  const taken = await app.db.partner.count({ where: { countryCode, nationalIdType: kind, nationalId: value } });
  return taken ? no(MESSAGES.nationalIdTaken(card.identityCard)) : yes(MESSAGES.nationalIdValid(card.identityCard));
}

// --- OTP --------------------------------------------------------------------------------

export async function sendRegistrationOtp(app: App, loginName: string, mobile: string, ip: string): Promise<string> {
  await limitOtpSends(app, mobile, ip);
  const code = await app.otp.issue(app.db, {
    purpose: 'REGISTRATION',
    target: mobile,
    loginName: loginName.toLowerCase(),
    digits: REGISTRATION_OTP_DIGITS,
    now: app.now(),
    ipAddress: ip,
  });
  return deliverOtp(app, 'REGISTRATION', mobile, code);
}

export async function verifyRegistrationOtp(app: App, loginName: string, mobile: string, code: string): Promise<string> {
  const latest = await app.db.otp.findFirst({
    where: { purpose: 'REGISTRATION', target: mobile, consumedAt: null },
    orderBy: { createdAt: 'desc' },
  });
  if (latest && latest.loginName !== loginName.toLowerCase()) throw Invalid('otp', MESSAGES.otpDead);
  await app.otp.verify(app.db, { purpose: 'REGISTRATION', target: mobile, code, now: app.now(), consume: false });
  return MESSAGES.otpVerified;
}

/** Resends to where the last OTP of this user name and purpose went. */
export async function resendOtp(
  app: App,
  loginName: string,
  purpose: 'REGISTRATION' | 'PASSWORD_RESET',
  ip: string,
): Promise<string> {
  const last = await app.db.otp.findFirst({
    where: { purpose, loginName: loginName.toLowerCase() },
    orderBy: { createdAt: 'desc' },
  });
  if (!last) throw Invalid('login-name', MESSAGES.noOtpRequested);
  await limitOtpSends(app, last.target, ip);
  const code = await app.otp.issue(app.db, {
    purpose,
    target: last.target,
    loginName: last.loginName,
    digits: REGISTRATION_OTP_DIGITS,
    now: app.now(),
    ipAddress: ip,
  });
  return deliverOtp(app, purpose, last.target, code);
}

// --- registration -----------------------------------------------------------------------

async function assertCategoryPath(
  app: App,
  companyCode: number,
  codes: [string, string, string],
  fields: [string, string, string],
) {
  const found = await app.db.businessCategory.findMany({ where: { categoryCode: { in: codes }, isActive: true } });
  const byCode = new Map(found.map((c) => [c.categoryCode, c]));
  const [business, category, sub] = codes.map((c) => byCode.get(c));
  if (!business || business.level !== 1 || business.companyCode !== companyCode) {
    throw Invalid(fields[0], `${codes[0]} is not a business of company ${companyCode}`);
  }
  if (!category || category.level !== 2 || category.parentCode !== business.categoryCode) {
    throw Invalid(fields[1], `${codes[1]} is not a category of ${business.categoryName}`);
  }
  if (!sub || sub.level !== 3 || sub.parentCode !== category.categoryCode) {
    throw Invalid(fields[2], `${codes[2]} is not a sub-category of ${category.categoryName}`);
  }
}

function newActivationCode() {
  const code = randomBytes(24).toString('base64url');
  return { code, codeHash: createHash('sha256').update(code).digest('hex') };
}

export async function register(
  app: App,
  form: RegisterInput,
): Promise<{ partnerNumber: string; username: string; email: string; message: string }> {
  const now = app.now();
  const country = await app.db.country.findUnique({ where: { countryCode: form.countryCode } });
  if (!country || !country.registrationOpen) throw Invalid('countryCode', 'Registration is not open for this country');

  const checks: [string, Availability][] = [
    ['nationalId', await checkNationalId(app, form.countryCode, form.identityCard, form.nationalId)],
    ['username', await checkUsername(app, form.username)],
    ['email', await checkEmailDomain(app, form.email)],
    ['email', await checkEmail(app, form.email)],
    ['mobileNumber', await checkMobile(app, form.mobileNumber)],
    ...(form.dunsNumber ? [['dunsNumber', await checkDuns(app, form.dunsNumber)] as [string, Availability]] : []),
  ];
  const failed = checks.find(([, a]) => !a.available);
  if (failed) throw Invalid(failed[0], failed[1].message);

  await assertCategoryPath(
    app,
    form.companyCode,
    [form.primaryBusiness, form.primaryCategory, form.primarySubCategory],
    ['primaryBusiness', 'primaryCategory', 'primarySubCategory'],
  );
  const secondary =
    form.secondaryBusiness && form.secondaryCategory && form.secondarySubCategory
      ? ([form.secondaryBusiness, form.secondaryCategory, form.secondarySubCategory] as [string, string, string])
      : null;
  if (secondary)
    await assertCategoryPath(app, form.companyCode, secondary, [
      'secondaryBusiness',
      'secondaryCategory',
      'secondarySubCategory',
    ]);

  const otp = await app.db.otp.findFirst({
    where: {
      purpose: 'REGISTRATION',
      target: form.mobileNumber,
      loginName: form.username.toLowerCase(),
      verifiedAt: { gte: new Date(now.getTime() - OTP_VERIFIED_VALID_MS) },
      consumedAt: null,
    },
    orderBy: { createdAt: 'desc' },
  });
  if (!otp) throw Invalid('otp', MESSAGES.otpNotVerified);

  const passwordHash = await hashPassword(form.password);
  const activation = newActivationCode();
  const username = form.username.toLowerCase();

  const created = await app.db.$transaction(async (tx) => {
    // The OTP is used up inside the transaction: two submits cannot both register with it.
    const used = await tx.otp.updateMany({ where: { id: otp.id, consumedAt: null }, data: { consumedAt: now } });
    if (used.count === 0) throw Invalid('otp', MESSAGES.otpNotVerified);
    const [{ nextval }] = await tx.$queryRaw<[{ nextval: bigint }]>`SELECT nextval('partner_number_seq')`;
    const partnerNumber = `P${nextval.toString().padStart(7, '0')}`;
    const mappings = [
      {
        companyCode: form.companyCode,
        categoryCode: form.primaryBusiness,
        productCategoryCode: form.primaryCategory,
        subCategoryCode: form.primarySubCategory,
        isDefault: true,
        isPrimary: true,
      },
      ...(secondary && secondary[0] !== form.primaryBusiness
        ? [
            {
              companyCode: form.companyCode,
              categoryCode: secondary[0],
              productCategoryCode: secondary[1],
              subCategoryCode: secondary[2],
              isDefault: false,
              isPrimary: false,
            },
          ]
        : []),
    ];
    const user = await tx.userAccount.create({
      data: {
        username,
        displayName: form.coordinationPerson,
        email: form.email,
        mobileNumber: form.mobileNumber,
        role: 'PARTNER',
        status: 'PENDING_EMAIL',
        passwordHash,
        passwordChangedAt: now,
        partner: {
          create: {
            partnerNumber,
            organizationName: form.organizationName,
            coordinationPerson: form.coordinationPerson,
            designation: form.designation,
            email: form.email,
            mobileNumber: form.mobileNumber,
            website: form.website ?? null,
            countryCode: form.countryCode,
            dunsNumber: form.dunsNumber ?? null,
            nationalIdType: form.identityCard,
            nationalId: form.nationalId,
            currentCompanyCode: form.companyCode,
            currentCategoryCode: form.primaryBusiness,
            mappings: { create: mappings },
          },
        },
        activations: {
          create: { codeHash: activation.codeHash, expiresAt: new Date(now.getTime() + EMAIL_ACTIVATION_TTL_MS), createdAt: now },
        },
      },
    });
    return { partnerNumber, user };
  });

  // The registration is saved; a mail failure only means the user asks for the link again.
  await sendActivationMail(app, form.email, form.coordinationPerson, activation.code).catch((error: unknown) =>
    app.log.error({ err: error }, 'verification mail could not be sent'),
  );
  return { partnerNumber: created.partnerNumber, username, email: form.email, message: MESSAGES.registrationDone };
}

async function sendActivationMail(app: App, email: string, name: string, code: string) {
  const link = `${app.config.publicUrl}/PartnerMgmtApp/email-verification?code=${encodeURIComponent(code)}`;
  await app.messenger.sendMail({ to: email, ...activationMail(name, link) });
}

export async function activate(app: App, code: string): Promise<string> {
  const now = app.now();
  const codeHash = createHash('sha256').update(code).digest('hex');
  const activation = await app.db.emailActivation.findUnique({ where: { codeHash }, include: { user: true } });
  if (!activation || activation.usedAt || activation.expiresAt <= now) throw Invalid('code', MESSAGES.activationInvalid);
  await app.db.$transaction([
    app.db.emailActivation.update({ where: { id: activation.id }, data: { usedAt: now } }),
    app.db.userAccount.update({
      where: { id: activation.userId },
      data: { status: activation.user.status === 'PENDING_EMAIL' ? 'ACTIVE' : activation.user.status, emailVerifiedAt: now },
    }),
  ]);
  return MESSAGES.activationDone;
}

export async function resendActivation(app: App, email: string, username: string): Promise<string> {
  await consumeRateLimit(app.db, `activation:${email}`, LIMITS.activationResendPerEmail, app.now(), MESSAGES.tooManyRequests);
  const user = await app.db.userAccount.findUnique({ where: { username: username.toLowerCase() } });
  if (!user || user.email !== email) throw NotFound(MESSAGES.noSuchAccountEmail);
  if (user.status !== 'PENDING_EMAIL') throw new AppError('BAD_REQUEST', { message: MESSAGES.alreadyVerified });
  const activation = newActivationCode();
  const now = app.now();
  await app.db.$transaction([
    app.db.emailActivation.updateMany({ where: { userId: user.id, usedAt: null }, data: { expiresAt: now } }),
    app.db.emailActivation.create({
      data: {
        userId: user.id,
        codeHash: activation.codeHash,
        expiresAt: new Date(now.getTime() + EMAIL_ACTIVATION_TTL_MS),
        createdAt: now,
      },
    }),
  ]);
  await sendActivationMail(app, email, user.displayName, activation.code);
  return MESSAGES.activationSent;
}
