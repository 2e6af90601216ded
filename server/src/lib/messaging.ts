import nodemailer from 'nodemailer';
import type { Db } from '@pp/db';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/**
 * Outgoing messages. E-mail goes out over SMTP with nodemailer (the local sink by default, any
 * server with SMTP_URL); SMS goes to the local outbox, which stands in for an SMS provider.
 */
export function createMessenger(options: { db: Db; smtpUrl: string; from: string }) {
  const url = new URL(options.smtpUrl);
  const transport = nodemailer.createTransport({
    host: url.hostname,
    port: Number(url.port || (url.protocol === 'smtps:' ? 465 : 25)),
    secure: url.protocol === 'smtps:',
    ...(url.username ? { auth: { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } } : {}),
    // The local sink speaks plain SMTP; a real relay negotiates STARTTLS when it offers it.
    ignoreTLS: url.hostname === '127.0.0.1' || url.hostname === 'localhost',
    connectionTimeout: 5_000,
    greetingTimeout: 5_000,
    socketTimeout: 10_000,
  });
  return {
    async sendMail(mail: Mail): Promise<void> {
      await transport.sendMail({ from: options.from, ...mail });
    },
    async sendSms(to: string, text: string): Promise<void> {
      await options.db.mailboxMessage.create({ data: { channel: 'SMS', recipient: to, sender: 'PRTNRP', textBody: text } });
    },
    close: () => transport.close(),
  };
}
export type Messenger = ReturnType<typeof createMessenger>;
