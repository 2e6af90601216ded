import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FormProvider } from 'react-hook-form';
import type { z } from 'zod';
import { IDLE_TIMEOUT_MS, clockAtSchema } from '@pp/contract';
import { failureText } from '../../api/client.ts';
import { Card } from '../../components/Card.tsx';
import { FormAlert, TextField } from '../../forms/fields.tsx';
import { useContractForm } from '../../forms/use-contract-form.ts';
import { clockQuery, moveClock, resetClock } from './api.ts';
import { dateTimeOf } from '../../lib/dates.ts';
import { MINUTE_MS, DAY_MS, CARD } from './shared.tsx';

type ClockAt = z.input<typeof clockAtSchema>;

export function ClockCard() {
  const { t } = useTranslation('devtools');
  const client = useQueryClient();
  const clock = useQuery(clockQuery());
  const [error, setError] = useState<string | null>(null);
  // The browser's datetime-local value is a wall-clock time without a zone: the contract wants an
  // instant, so it is read in the browser's zone before the schema checks it.
  const form = useContractForm(clockAtSchema, {
    defaultValues: { at: '' },
    prepare: ({ at }) => ({ at: at && !Number.isNaN(Date.parse(at)) ? new Date(at).toISOString() : at }),
  });
  const move = useMutation({
    mutationFn: moveClock,
    onMutate: () => setError(null),
    onSuccess: (now) => client.setQueryData(clockQuery().queryKey, now),
    onError: (e) => setError(failureText(e)),
  });
  const reset = useMutation({ mutationFn: resetClock, onSuccess: (now) => client.setQueryData(clockQuery().queryKey, now) });
  return (
    <Card id="devtools-clock" title={t('clock.title')} className={CARD}>
      {clock.data && (
        <p className="mb-2" aria-live="polite">
          {t('clock.now')}: <time dateTime={clock.data.now}>{dateTimeOf(clock.data.now)}</time>{' '}
          <span className={`badge ${clock.data.virtual ? 'bg-warning text-dark' : 'bg-success'}`}>
            {clock.data.virtual ? t('clock.ahead', { minutes: Math.round(clock.data.offsetMs / MINUTE_MS) }) : t('clock.real')}
          </span>
        </p>
      )}
      <FormAlert message={error} />
      <FormProvider {...form}>
        <form
          noValidate
          className="d-flex gap-2 flex-wrap align-items-start mb-2"
          onSubmit={(e) => void form.handleSubmit((body) => move.mutate(body))(e)}
        >
          <TextField<ClockAt> name="at" id="devtools-clock-at" type="datetime-local" label={t('clock.moveTo')} />
          <button type="submit" className="btn btn-primary align-self-end mb-3">
            {t('clock.move')}
          </button>
        </form>
      </FormProvider>
      <div className="d-flex gap-2 flex-wrap align-items-end">
        <button
          type="button"
          className="btn btn-outline-primary"
          onClick={() => move.mutate({ advanceMs: IDLE_TIMEOUT_MS + MINUTE_MS })}
        >
          {t('clock.plusIdle')}
        </button>
        <button type="button" className="btn btn-outline-primary" onClick={() => move.mutate({ advanceMs: DAY_MS })}>
          {t('clock.plusDay')}
        </button>
        <button type="button" className="btn btn-outline-primary" onClick={() => move.mutate({ advanceMs: 30 * DAY_MS })}>
          {t('clock.plusMonth')}
        </button>
        <button type="button" className="btn btn-outline-secondary" onClick={() => reset.mutate()}>
          {t('clock.reset')}
        </button>
      </div>
    </Card>
  );
}
