import { simpleParser, type AddressObject } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import type { Db } from '@pp/db';

const MAX_MESSAGE_BYTES = 2 * 1024 * 1024;

function addresses(field: AddressObject | AddressObject[] | undefined): string[] {
  const list = Array.isArray(field) ? field : field ? [field] : [];
  return list.flatMap((a) => a.value.map((v) => v.address?.toLowerCase() ?? '')).filter(Boolean);
}

/**
 * A local SMTP server that keeps every mail it receives in the outbox (MailboxMessage), one row
 * per recipient, for the dev mailbox page. It is a real SMTP peer: nodemailer talks to it exactly
 * as it would to a mail relay.
 */
export async function startSmtpSink(options: { db: Db; host?: string; port: number; log?: (msg: string) => void }) {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    size: MAX_MESSAGE_BYTES,
    banner: 'Partner Portal local mail sink',
    onData(stream, session, callback) {
      simpleParser(stream)
        .then(async (mail) => {
          const envelopeTo = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
          const recipients = envelopeTo.length > 0 ? envelopeTo : addresses(mail.to);
          await options.db.mailboxMessage.createMany({
            data: recipients.map((recipient) => ({
              channel: 'EMAIL' as const,
              recipient,
              sender: addresses(mail.from)[0] ?? null,
              subject: mail.subject?.slice(0, 300) ?? null,
              textBody: mail.text ?? '',
              htmlBody: typeof mail.html === 'string' ? mail.html : null,
            })),
          });
          callback();
        })
        .catch((error: unknown) => {
          options.log?.(`smtp sink could not store a message: ${String(error)}`);
          callback(error instanceof Error ? error : new Error(String(error)));
        });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host ?? '127.0.0.1', () => resolve());
  });
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  return { port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
