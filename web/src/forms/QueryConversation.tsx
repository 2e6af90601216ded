import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FormProvider } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  PARTNER_QUERY_REPLY_MAX,
  partnerQueryReplyBodySchema,
  type PartnerQueryAction,
  type PartnerQueryDetail,
  type PartnerQueryState,
} from '@pp/contract';
import { closePartnerQuery, partnerQueryKeys, replyToPartnerQuery, resolvePartnerQuery } from '../api/partner-queries.ts';
import { applyFailure } from './failure.ts';
import { FormAlert, TextAreaField } from './fields.tsx';
import { useContractForm } from './use-contract-form.ts';
import { Modal } from '../components/Modal.tsx';
import { dateTimeOf } from '../lib/dates.ts';

const STATE_TONE: Record<PartnerQueryState, string> = {
  OPEN: 'text-bg-primary',
  ANSWERED: 'text-bg-info',
  RESOLVED: 'text-bg-success',
  CLOSED: 'text-bg-secondary',
};

export function QueryStateBadge({ state }: { state: PartnerQueryState }) {
  const { t } = useTranslation();
  return <span className={`badge ${STATE_TONE[state]}`}>{t(`partnerQuery.state.${state}`)}</span>;
}

/**
 * A partner query's conversation (the chat before a callback, then both sides' replies, oldest
 * first) and the steps the caller may take: reply, resolve (staff), close. Staff read who answered;
 * the partner reads "the group". Resolving and closing are confirmed: the partner is e-mailed.
 */
export function QueryConversation({ query }: { query: PartnerQueryDetail }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const form = useContractForm(partnerQueryReplyBodySchema, {
    defaultValues: { referenceNumber: query.referenceNumber, message: '' },
  });
  const [alert, setAlert] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<Exclude<PartnerQueryAction, 'REPLY'> | null>(null);
  const done = async () => {
    form.reset({ referenceNumber: query.referenceNumber, message: '' });
    await client.invalidateQueries({ queryKey: partnerQueryKeys.all });
  };
  const reply = useMutation({
    mutationFn: replyToPartnerQuery,
    onMutate: () => setAlert(null),
    onSuccess: done,
    onError: (error) => setAlert(applyFailure(form, error)),
  });
  const settle = useMutation({
    mutationFn: (action: Exclude<PartnerQueryAction, 'REPLY'>) =>
      (action === 'RESOLVE' ? resolvePartnerQuery : closePartnerQuery)({
        referenceNumber: query.referenceNumber,
        ...(form.getValues('message')?.trim() ? { remarks: form.getValues('message').trim() } : {}),
      }),
    onMutate: () => setAlert(null),
    onSuccess: done,
    onError: (error) => setAlert(applyFailure(form, error)),
  });
  const may = (action: PartnerQueryAction) => query.actions.includes(action);
  const who = (m: PartnerQueryDetail['messages'][number]) =>
    m.author === 'STAFF' && m.authorName ? m.authorName : t(`partnerQuery.author.${m.author}`);

  return (
    <div>
      <h3 className="h6">{t('partnerQuery.conversation')}</h3>
      {query.messages.length === 0 ? (
        <p className="text-muted small">{t('partnerQuery.noReplies')}</p>
      ) : (
        <ol className="list-unstyled mb-3" aria-label={t('partnerQuery.conversation')}>
          {query.messages.map((m, i) => (
            <li key={i} className={`border rounded p-2 mb-2 small ${m.author === 'STAFF' ? 'bg-light ms-4' : 'bg-white me-4'}`}>
              <div className="text-muted">
                <span data-user-content={m.author === 'STAFF' && m.authorName ? true : undefined}>{who(m)}</span> ·{' '}
                {dateTimeOf(m.at)}
              </div>
              <div style={{ whiteSpace: 'pre-wrap' }} data-user-content>
                {m.text}
              </div>
            </li>
          ))}
        </ol>
      )}
      {query.actions.length > 0 && (
        <FormProvider {...form}>
          <form
            noValidate
            aria-label={t('partnerQuery.replyForm')}
            onSubmit={(e) => void form.handleSubmit((body) => reply.mutate(body))(e)}
          >
            <FormAlert message={alert} />
            {may('REPLY') && (
              <TextAreaField
                id={`reply-${query.referenceNumber}`}
                name="message"
                label={may('RESOLVE') ? t('partnerQuery.replyStaff') : t('partnerQuery.replyPartner')}
                rows={3}
                maxLength={PARTNER_QUERY_REPLY_MAX}
              />
            )}
            <div className="d-flex gap-2 flex-wrap">
              {may('REPLY') && (
                <button type="submit" className="btn btn-primary btn-sm" disabled={reply.isPending}>
                  {t('partnerQuery.send')}
                </button>
              )}
              {may('RESOLVE') && (
                <button
                  type="button"
                  className="btn btn-outline-success btn-sm"
                  disabled={settle.isPending}
                  onClick={() => setConfirming('RESOLVE')}
                >
                  {t('partnerQuery.action.RESOLVE')}
                </button>
              )}
              {may('CLOSE') && (
                <button
                  type="button"
                  className="btn btn-outline-secondary btn-sm"
                  disabled={settle.isPending}
                  onClick={() => setConfirming('CLOSE')}
                >
                  {t('partnerQuery.action.CLOSE')}
                </button>
              )}
            </div>
          </form>
        </FormProvider>
      )}
      {confirming && (
        <Modal
          title={t('partnerQuery.confirmTitle', { action: t(`partnerQuery.action.${confirming}`) })}
          onOk={() => {
            settle.mutate(confirming);
            setConfirming(null);
          }}
          onCancel={() => setConfirming(null)}
        >
          {t(`partnerQuery.confirm.${confirming}`, { reference: query.referenceNumber })}
        </Modal>
      )}
    </div>
  );
}
