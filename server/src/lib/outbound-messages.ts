import { EMAIL_ACTIVATION_TTL_MS, OTP_TTL_MS } from '@pp/contract';
import type { Messenger } from './messaging.ts';

const minutes = OTP_TTL_MS / 60_000;
const activationHours = EMAIL_ACTIVATION_TTL_MS / 3_600_000;

/** Texts of the SMS and e-mails the portal sends, their validity taken from the constants they state. */
export const registrationOtpSms = (code: string) =>
  `${code} is your Partner Portal registration OTP. It is valid for ${minutes} minutes. Do not share it with anyone.`;

export const passwordResetSms = (code: string) =>
  `${code} is your Partner Portal password reset OTP. It is valid for ${minutes} minutes. Do not share it with anyone.`;

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function activationMail(name: string, link: string) {
  return {
    subject: 'Verify your e-mail address for the Partner Portal',
    text: `Dear ${name},\n\nThank you for registering on the Partner Portal. Open this link to verify your e-mail address and activate your account:\n\n${link}\n\nThe link is valid for ${activationHours} hours.\n\nPartner Portal`,
    html: `<p>Dear ${escape(name)},</p><p>Thank you for registering on the Partner Portal. Click the link below to verify your e-mail address and activate your account:</p><p><a href="${escape(link)}">Verify my e-mail address</a></p><p>The link is valid for ${activationHours} hours.</p><p>Partner Portal</p>`,
  };
}

export function passwordResetMail(code: string) {
  return {
    subject: 'Your Partner Portal password reset OTP',
    text: `${code} is your Partner Portal password reset OTP. It is valid for ${minutes} minutes. If you did not ask to reset your password, ignore this mail.`,
    html: `<p><strong>${escape(code)}</strong> is your Partner Portal password reset OTP. It is valid for ${minutes} minutes.</p><p>If you did not ask to reset your password, ignore this mail.</p>`,
  };
}

export function supportOtpMail(name: string, code: string) {
  return {
    subject: 'Your Partner Portal support OTP',
    text: `Dear ${name},\n\n${code} is your OTP to send a query to Partner Portal support. It is valid for ${minutes} minutes.\n\nPartner Portal`,
    html: `<p>Dear ${escape(name)},</p><p><strong>${escape(code)}</strong> is your OTP to send a query to Partner Portal support. It is valid for ${minutes} minutes.</p><p>Partner Portal</p>`,
  };
}

export function supportQueryMail(name: string, referenceNumber: string, message: string) {
  return {
    subject: `Your query ${referenceNumber} to Partner Portal support`,
    text: `Dear ${name},\n\nWe have received your query ${referenceNumber}:\n\n${message}\n\nWe will write to you at this address with updates on it.\n\nPartner Portal`,
    html: `<p>Dear ${escape(name)},</p><p>We have received your query <strong>${escape(referenceNumber)}</strong>:</p><blockquote>${escape(message)}</blockquote><p>We will write to you at this address with updates on it.</p><p>Partner Portal</p>`,
  };
}

/** Staff's answer to a partner query, e-mailed to the address that asked it. */
export function queryAnsweredMail(name: string, referenceNumber: string, answer: string) {
  return {
    subject: `Re: your query ${referenceNumber} to Partner Portal support`,
    text: `Dear ${name},\n\nOur answer to your query ${referenceNumber}:\n\n${answer}\n\nReply from the portal’s support form if anything is still unclear.\n\nPartner Portal`,
    html: `<p>Dear ${escape(name)},</p><p>Our answer to your query <strong>${escape(referenceNumber)}</strong>:</p><blockquote>${escape(answer)}</blockquote><p>Reply from the portal’s support form if anything is still unclear.</p><p>Partner Portal</p>`,
  };
}

/** A partner query resolved, with staff's remarks if any. */
export function queryResolvedMail(name: string, referenceNumber: string, remarks: string) {
  const said = remarks ? `\n\n${remarks}` : '';
  return {
    subject: `Your query ${referenceNumber} is resolved`,
    text: `Dear ${name},\n\nYour query ${referenceNumber} is resolved.${said}\n\nWrite on it again from the portal if it is not settled.\n\nPartner Portal`,
    html: `<p>Dear ${escape(name)},</p><p>Your query <strong>${escape(referenceNumber)}</strong> is resolved.</p>${remarks ? `<blockquote>${escape(remarks)}</blockquote>` : ''}<p>Write on it again from the portal if it is not settled.</p><p>Partner Portal</p>`,
  };
}

/** Sends an OTP by SMS or e-mail (a target with an @ is an address) and says where it went. */
export async function deliverOtp(
  messenger: Messenger,
  purpose: 'REGISTRATION' | 'PASSWORD_RESET',
  target: string,
  code: string,
): Promise<void> {
  if (purpose === 'REGISTRATION') return messenger.sendSms(target, registrationOtpSms(code));
  if (target.includes('@')) return messenger.sendMail({ to: target, ...passwordResetMail(code) });
  return messenger.sendSms(target, passwordResetSms(code));
}

/** The password an admin reset an account to (section 6, "reset default password"). */
export function defaultPasswordMail(name: string, username: string, password: string) {
  return {
    subject: 'Your Partner Portal password was reset',
    text: `Dear ${name},\n\nThe group reset the password of your Partner Portal account ${username}. Your new password is:\n\n${password}\n\nPlease log in and change it at once (Change password, in the profile menu).\n\nPartner Portal`,
    html: `<p>Dear ${escape(name)},</p><p>The group reset the password of your Partner Portal account <strong>${escape(username)}</strong>. Your new password is:</p><p><code>${escape(password)}</code></p><p>Please log in and change it at once (Change password, in the profile menu).</p><p>Partner Portal</p>`,
  };
}
