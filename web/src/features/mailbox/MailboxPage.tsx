import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client.ts';
import { mailboxQuery } from './api.ts';
import { dateTimeOf } from '../../lib/dates.ts';

/**
 * Development mailbox: every SMS and e-mail the local portal sent (the local SMTP sink's outbox),
 * so someone trying the portal can read their OTP and verification link. Off in production.
 */
export default function MailboxPage() {
  const { t } = useTranslation('mailbox');
  const [recipient, setRecipient] = useState('');
  const messages = useQuery(mailboxQuery(recipient));
  const off = messages.error instanceof ApiError && messages.error.status === 404;

  return (
    <div className="container py-4">
      <div className="d-flex align-items-center gap-3 mb-3 flex-wrap">
        <h1 className="h3 page-title mb-0">{t('title')}</h1>
        <input
          className="form-control w-auto ms-auto"
          placeholder={t('filter')}
          aria-label={t('recipient')}
          value={recipient}
          onChange={(e) => setRecipient(e.target.value)}
        />
      </div>
      {off && <div className="alert alert-secondary">{t('off')}</div>}
      {messages.data?.length === 0 && <p className="text-muted">{t('empty')}</p>}
      <div className="d-flex flex-column gap-3">
        {messages.data?.map((m) => (
          <article
            key={m.id}
            className="card border-0 shadow-sm"
            aria-label={t('messageLabel', { channel: m.channel, recipient: m.recipient })}
          >
            <div className="card-body">
              <div className="d-flex gap-2 align-items-center small text-muted mb-1">
                <span className={`badge ${m.channel === 'SMS' ? 'bg-warning text-dark' : 'bg-primary'}`}>{m.channel}</span>
                <span>{t('to', { recipient: m.recipient })}</span>
                <time className="ms-auto" dateTime={m.createdAt}>
                  {dateTimeOf(m.createdAt)}
                </time>
              </div>
              {m.subject && <h2 className="h6 mb-1">{m.subject}</h2>}
              {/* Links are made clickable; the text is the mail's plain-text part. */}
              <p className="mb-0 mailbox-text">
                {m.textBody.split(/(https?:\/\/\S+)/g).map((part, i) =>
                  /^https?:\/\//.test(part) ? (
                    <a key={i} href={part}>
                      {part}
                    </a>
                  ) : (
                    <span key={i}>{part}</span>
                  ),
                )}
              </p>
            </div>
          </article>
        ))}
      </div>
    </div>
  );
}
