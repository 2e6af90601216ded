import type { z } from 'zod';
import {
  PARTNER_QUERY_UNSETTLED,
  TEXTS,
  hasPermission,
  partnerQueryTitleOf,
  SUPPORT_OTP_DIGITS,
  decryptId,
  supportDomainRefused,
  type SupportQueryBody,
  type chatbotQueryBodySchema,
  queryReferenceOf,
  type Text,
} from '@pp/contract';
import type { Db } from '@pp/db';
import { Forbidden, Invalid, type AuthContext } from '@pp/platform';
import { limitLookups, limitOtpSends } from '../../lib/limits.ts';
import { supportOtpMail, supportQueryMail } from '../../lib/outbound-messages.ts';
import type { ServiceDeps } from '../../lib/service-deps.ts';
import { ownFileIds } from '../../lib/stored-files.ts';

async function nextReference(db: Db): Promise<string> {
  const [{ nextval }] = await db.$queryRaw<[{ nextval: bigint }]>`SELECT nextval('partner_query_seq')`;
  return queryReferenceOf(nextval);
}

/**
 * Records a chat callback request with the next PQ reference number. The gateway has checked the
 * chat rules with the visitor. The request belongs to a partner only when that partner, signed in,
 * asked for it: an e-mail address typed into the chat proves nothing.
 */
export async function recordChatbotQuery(
  db: Db,
  input: z.output<typeof chatbotQueryBodySchema>,
  partnerId: number | null,
  now: Date,
): Promise<{ referenceNumber: string }> {
  const referenceNumber = await nextReference(db);
  const { transcript = [], ...fields } = input;
  const partner = partnerId === null ? null : await db.partner.findUnique({ where: { id: partnerId } });
  await db.partnerQuery.create({
    data: {
      referenceNumber,
      source: 'CHATBOT',
      ...fields,
      partnerId,
      companyCode: partner?.currentCompanyCode ?? null,
      title: partnerQueryTitleOf({ referenceNumber, ...fields, partnerNumber: partner?.partnerNumber ?? null }),
      createdAt: now,
      lastMessageAt: now,
      // The chat as it went, for staff to read with the request.
      messages: { create: transcript.map((line) => ({ author: line.author, text: line.text, createdAt: new Date(line.at) })) },
    },
  });
  return { referenceNumber };
}

/** The support form's e-mail as the OTP knows it: lower case, checked like the form checks it. */
function supportEmail(raw: string | null, field: string): string {
  const email = raw?.trim().toLowerCase() ?? '';
  if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) throw Invalid(field, TEXTS.supportInvalidEmail);
  if (supportDomainRefused(email)) throw Invalid(field, TEXTS.supportDomainRefused);
  return email;
}

/**
 * Sends the support form's 5-digit e-mail OTP. The payload is the name and e-mail joined by a
 * comma and encrypted (spec section 3); sends are limited per address and per client.
 */
export async function sendSupportOtp(deps: ServiceDeps, payLoad: string, ip: string): Promise<Text> {
  const plain = decryptId(payLoad);
  const comma = plain?.lastIndexOf(',') ?? -1;
  if (!plain || comma < 0) throw Invalid('payLoad', 'must be the name and e-mail, joined by a comma and encrypted');
  const name = plain.slice(0, comma).trim();
  const email = supportEmail(plain.slice(comma + 1), 'payLoad');
  await limitOtpSends(deps, email, ip);
  const code = await deps.otp.issue(deps.db, {
    purpose: 'SUPPORT_EMAIL',
    target: email,
    digits: SUPPORT_OTP_DIGITS,
    now: deps.now(),
    ipAddress: ip,
  });
  await deps.messenger.sendMail({ to: email, ...supportOtpMail(name || email, code) });
  return TEXTS.supportOtpSent;
}

/** Verifies the e-mail OTP; the verified OTP then lets that e-mail submit one query while it lives. */
export async function verifySupportOtp(deps: ServiceDeps, encryptedEmail: string, code: string): Promise<Text> {
  const email = supportEmail(decryptId(encryptedEmail), 'email');
  await deps.otp.verify(deps.db, {
    purpose: 'SUPPORT_EMAIL',
    target: email,
    code,
    now: deps.now(),
    consume: false,
    field: 'referenceNumber',
  });
  return TEXTS.supportOtpVerified;
}

/**
 * Open queries of an address: reference numbers and dates only, limited like other look-ups, and
 * only to whoever proved the address is theirs — a visitor whose e-mail OTP for it is verified and
 * alive (the support form asks after the OTP, before the query is sent), the signed-in partner it
 * belongs to, or staff who answer queries. Anyone else learns nothing of any address (403).
 */
export async function openQueriesOf(deps: Pick<ServiceDeps, 'db' | 'now'>, auth: AuthContext | null, email: string, ip: string) {
  await limitLookups(deps, ip);
  const now = deps.now();
  let allowed: boolean;
  if (auth?.partnerId) {
    const partner = await deps.db.partner.findUnique({ where: { id: auth.partnerId }, select: { email: true } });
    allowed = partner?.email.toLowerCase() === email;
  } else if (auth) {
    allowed = hasPermission(auth.role, 'workPartnerQueries');
  } else {
    const verified = await deps.db.otp.findFirst({
      where: { purpose: 'SUPPORT_EMAIL', target: email, verifiedAt: { not: null }, expiresAt: { gt: now } },
      select: { id: true },
    });
    allowed = verified !== null;
  }
  if (!allowed) throw Forbidden(TEXTS.supportVerifyOtp);
  const open = await deps.db.partnerQuery.findMany({
    where: { partnerEmailId: email, status: { in: [...PARTNER_QUERY_UNSETTLED] } },
    orderBy: { id: 'desc' },
    take: 20,
    select: { referenceNumber: true, createdAt: true },
  });
  return open.length === 0
    ? ('No records found' as const)
    : open.map((q) => ({ referenceNumber: q.referenceNumber, createdAt: q.createdAt.toISOString() }));
}

/**
 * Records a support-form query. A signed-in partner writes from its own account (the name and
 * e-mail it shows are locked in the form; the server takes the session's) and may attach a file it
 * uploaded; a visitor must have verified the e-mail OTP, which this uses up. One open query per
 * address: an open one is pointed to instead.
 */
export async function recordSupportQuery(
  deps: ServiceDeps,
  auth: AuthContext | null,
  body: SupportQueryBody,
): Promise<{ referenceNumber: string }> {
  const now = deps.now();
  let email = body.partnerEmailId;
  let partner: { id: number; partnerNumber: string; email: string } | null = null;
  if (auth?.partnerId) {
    // The address the form shows locked: the partner's own.
    partner = await deps.db.partner.findUniqueOrThrow({ where: { id: auth.partnerId } });
    email = partner.email.toLowerCase();
  } else if (body.attachmentDocId) {
    throw Invalid('attachmentDocId', TEXTS.supportAttachmentSignedIn);
  }
  if (body.attachmentDocId && !(await ownFileIds(deps.db, auth!, [body.attachmentDocId], now)).has(body.attachmentDocId))
    throw Invalid('attachmentDocId', TEXTS.fileNotYours);
  if (
    await deps.db.partnerQuery.findFirst({
      where: { partnerEmailId: email, status: { in: [...PARTNER_QUERY_UNSETTLED] } },
      select: { id: true },
    })
  )
    throw Invalid('partnerEmailId', TEXTS.supportOpenChatExists);
  if (!partner) {
    const verified = await deps.db.otp.updateMany({
      where: { purpose: 'SUPPORT_EMAIL', target: email, verifiedAt: { not: null }, consumedAt: null, expiresAt: { gt: now } },
      data: { consumedAt: now },
    });
    if (verified.count === 0) throw Invalid('partnerEmailId', TEXTS.supportVerifyOtp);
  }
  const referenceNumber = await nextReference(deps.db);
  await deps.db.partnerQuery.create({
    data: {
      referenceNumber,
      source: 'SUPPORT_FORM',
      displayName: body.displayName,
      partnerEmailId: email,
      message: body.message,
      partnerId: partner?.id ?? null,
      companyCode: partner ? auth!.companyCode : null,
      title: partnerQueryTitleOf({
        referenceNumber,
        displayName: body.displayName,
        companyName: null,
        partnerEmailId: email,
        partnerNumber: partner?.partnerNumber ?? null,
      }),
      supportEmailId: body.supportEmailId ?? null,
      attachmentDocId: body.attachmentDocId ?? null,
      siteUrl: body.siteUrl ?? null,
      createdAt: now,
      lastMessageAt: now,
    },
  });
  await deps.messenger.sendMail({ to: email, ...supportQueryMail(body.displayName, referenceNumber, body.message) });
  return { referenceNumber };
}
