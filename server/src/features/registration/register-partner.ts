import type { z } from 'zod';
import {
  EMAIL_ACTIVATION_TTL_MS,
  TEXTS,
  OTP_VERIFIED_VALID_MS,
  type registerBodySchema,
  partnerNumberOf,
  type Text,
} from '@pp/contract';
import { hashPassword } from '@pp/db/passwords';
import { Invalid } from '@pp/platform';
import type { ServiceDeps } from '../../lib/service-deps.ts';
import { newActivationCode, sendActivationMail } from '../../lib/activation.ts';
import {
  checkDuns,
  checkEmail,
  checkEmailDomain,
  checkMobile,
  checkNationalId,
  checkUsername,
  type AvailabilityAnswer,
} from './check-availability.ts';

type RegisterInput = z.output<typeof registerBodySchema>;

async function assertCategoryPath(
  app: ServiceDeps,
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

export async function register(
  app: ServiceDeps,
  form: RegisterInput,
): Promise<{ partnerNumber: string; username: string; email: string; message: Text }> {
  const now = app.now();
  const country = await app.db.country.findUnique({ where: { countryCode: form.countryCode } });
  if (!country || !country.registrationOpen) throw Invalid('countryCode', 'Registration is not open for this country');

  const checks: [string, AvailabilityAnswer][] = [
    ['nationalId', await checkNationalId(app, form.countryCode, form.identityCard, form.nationalId)],
    ['username', await checkUsername(app, form.username)],
    ['email', await checkEmailDomain(app, form.email)],
    ['email', await checkEmail(app, form.email)],
    ['mobileNumber', await checkMobile(app, form.mobileNumber)],
    ...(form.dunsNumber ? [['dunsNumber', await checkDuns(app, form.dunsNumber)] as [string, AvailabilityAnswer]] : []),
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
  if (!otp) throw Invalid('otp', TEXTS.otpNotVerified);

  const passwordHash = await hashPassword(form.password);
  const activation = newActivationCode();
  const username = form.username.toLowerCase();

  const created = await app.db.$transaction(async (tx) => {
    // The OTP is used up inside the transaction: two submits cannot both register with it.
    const used = await tx.otp.updateMany({ where: { id: otp.id, consumedAt: null }, data: { consumedAt: now } });
    if (used.count === 0) throw Invalid('otp', TEXTS.otpNotVerified);
    const [{ nextval }] = await tx.$queryRaw<[{ nextval: bigint }]>`SELECT nextval('partner_number_seq')`;
    const partnerNumber = partnerNumberOf(nextval);
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
  return { partnerNumber: created.partnerNumber, username, email: form.email, message: TEXTS.registrationDone };
}
