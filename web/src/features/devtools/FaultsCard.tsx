import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FormProvider } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FAULT_EFFECT_KINDS, HTTP_METHODS_MATCHED, faultInputSchema, type Fault, type FaultEffectKind } from '@pp/contract';
import { Card } from '../../components/Card.tsx';
import { FormAlert, TextField } from '../../forms/fields.tsx';
import { SelectField } from '../../forms/select-field.tsx';
import { applyFailure } from '../../forms/failure.ts';
import { useContractForm } from '../../forms/use-contract-form.ts';
import { addFault, clearFaults, deleteFault, devtoolsKeys, faultsQuery } from './api.ts';
import { CARD, RemoveAll } from './shared.tsx';

/** The fault form holds what is typed; the contract's schema checks what it becomes. */
const blank = (v: string) => (v.trim() === '' ? undefined : v.trim());
const num = (v: string) => (v.trim() === '' ? undefined : Number(v));
const faultFormSchema = z
  .object({
    method: z.string(),
    pathPattern: z.string(),
    operationId: z.string(),
    account: z.string(),
    client: z.string(),
    probability: z.string(),
    seed: z.string(),
    count: z.string(),
    effect: z.object({
      kind: z.enum(FAULT_EFFECT_KINDS as [FaultEffectKind, ...FaultEffectKind[]]),
      status: z.string(),
      ms: z.string(),
      minMs: z.string(),
      maxMs: z.string(),
      medianMs: z.string(),
      sigma: z.string(),
      bytesPerSecond: z.string(),
    }),
  })
  .transform((f) => {
    const e = f.effect;
    const effect = {
      status: { kind: e.kind, status: num(e.status) },
      malformed: { kind: e.kind },
      empty: { kind: e.kind },
      drop: { kind: e.kind },
      delayFixed: { kind: e.kind, ms: num(e.ms) },
      delayUniform: { kind: e.kind, minMs: num(e.minMs), maxMs: num(e.maxMs) },
      delayLogNormal: { kind: e.kind, medianMs: num(e.medianMs), sigma: num(e.sigma) },
      slowBody: { kind: e.kind, bytesPerSecond: num(e.bytesPerSecond) },
    }[e.kind];
    return Object.fromEntries(
      Object.entries({
        method: blank(f.method),
        pathPattern: blank(f.pathPattern),
        operationId: blank(f.operationId),
        account: blank(f.account),
        client: blank(f.client),
        probability: num(f.probability),
        seed: num(f.seed),
        count: num(f.count),
        effect,
      }).filter(([, v]) => v !== undefined),
    );
  })
  .pipe(faultInputSchema);
type FaultForm = z.input<typeof faultFormSchema>;

const EFFECT_FIELDS: Record<FaultEffectKind, Exclude<keyof FaultForm['effect'], 'kind'>[]> = {
  status: ['status'],
  malformed: [],
  empty: [],
  drop: [],
  delayFixed: ['ms'],
  delayUniform: ['minMs', 'maxMs'],
  delayLogNormal: ['medianMs', 'sigma'],
  slowBody: ['bytesPerSecond'],
};

function FaultFormCard() {
  const { t } = useTranslation('devtools');
  const client = useQueryClient();
  const [alert, setAlert] = useState<string | null>(null);
  const form = useContractForm(faultFormSchema, {
    defaultValues: {
      method: '',
      pathPattern: '/api/**',
      operationId: '',
      account: '',
      client: '',
      probability: '1',
      seed: '1',
      count: '',
      effect: {
        kind: 'status',
        status: '500',
        ms: '3000',
        minMs: '500',
        maxMs: '3000',
        medianMs: '1000',
        sigma: '0.5',
        bytesPerSecond: '200',
      },
    },
  });
  const kind = form.watch('effect.kind');
  const add = useMutation({
    mutationFn: addFault,
    onMutate: () => setAlert(null),
    onSuccess: () => client.invalidateQueries({ queryKey: devtoolsKeys.all }),
    onError: (error) => setAlert(applyFailure(form, error)),
  });
  return (
    <FormProvider {...form}>
      <form
        noValidate
        aria-label={t('faults.addTitle')}
        className="border-top pt-3 mt-3"
        onSubmit={(e) => void form.handleSubmit((body) => add.mutate(body))(e)}
      >
        <h3 className="h6">{t('faults.addTitle')}</h3>
        <FormAlert message={alert} />
        <div className="row g-2">
          <div className="col-md-2">
            <SelectField<FaultForm>
              name="method"
              label={t('faults.method')}
              options={[{ value: '', label: t('faults.any') }, ...HTTP_METHODS_MATCHED.map((m) => ({ value: m, label: m }))]}
            />
          </div>
          <div className="col-md-5">
            <TextField<FaultForm> name="pathPattern" label={t('faults.pathPattern')} />
          </div>
          <div className="col-md-5">
            <TextField<FaultForm> name="operationId" label={t('faults.operationId')} />
          </div>
          <div className="col-md-3">
            <TextField<FaultForm> name="account" label={t('faults.account')} />
          </div>
          <div className="col-md-3">
            <TextField<FaultForm> name="client" label={t('faults.client')} />
          </div>
          <div className="col-md-2">
            <TextField<FaultForm> name="probability" label={t('faults.probability')} inputMode="decimal" />
          </div>
          <div className="col-md-2">
            <TextField<FaultForm> name="seed" label={t('faults.seed')} inputMode="numeric" />
          </div>
          <div className="col-md-2">
            <TextField<FaultForm> name="count" label={t('faults.count')} inputMode="numeric" />
          </div>
          <div className="col-md-4">
            <SelectField<FaultForm>
              name="effect.kind"
              label={t('faults.effect')}
              options={FAULT_EFFECT_KINDS.map((k) => ({ value: k, label: t(`effect.${k}`) }))}
            />
          </div>
          {EFFECT_FIELDS[kind].map((field) => (
            <div className="col-md-2" key={field}>
              <TextField<FaultForm> name={`effect.${field}`} label={t(`faults.${field}`)} inputMode="decimal" />
            </div>
          ))}
        </div>
        <button type="submit" className="btn btn-primary" disabled={add.isPending}>
          {t('faults.add')}
        </button>
      </form>
    </FormProvider>
  );
}

function describeMatch(f: Fault, t: (key: 'faults.matchAll') => string) {
  const parts = [f.method, f.pathPattern, f.operationId, f.account && `@${f.account}`, f.client && `[${f.client}]`].filter(
    Boolean,
  );
  return parts.length > 0 ? parts.join(' ') : t('faults.matchAll');
}

function effectDetail(f: Fault) {
  const { kind: _kind, ...params } = f.effect;
  return Object.entries(params)
    .map(([k, v]) => `${k} ${String(v)}`)
    .join(', ');
}

export function FaultsCard() {
  const { t } = useTranslation('devtools');
  const client = useQueryClient();
  const faults = useQuery(faultsQuery());
  const refresh = () => client.invalidateQueries({ queryKey: devtoolsKeys.all });
  const remove = useMutation({ mutationFn: deleteFault, onSuccess: refresh });
  const removeAll = useMutation({ mutationFn: clearFaults, onSuccess: refresh });
  return (
    <Card
      id="devtools-faults"
      title={t('faults.title')}
      className={CARD}
      actions={
        faults.data && faults.data.length > 0 && <RemoveAll label={t('faults.removeAll')} onClick={() => removeAll.mutate()} />
      }
    >
      {faults.data?.length === 0 && <p className="text-muted mb-0">{t('faults.none')}</p>}
      <ul className="list-group">
        {faults.data?.map((f) => (
          <li key={f.id} className="list-group-item d-flex gap-3 align-items-center flex-wrap" aria-label={`#${f.id}`}>
            <code>{describeMatch(f, t)}</code>
            <span className="badge bg-danger">{t(`effect.${f.effect.kind}`)}</span>
            <span className="small">{effectDetail(f)}</span>
            <span className="small text-muted">
              {f.probability < 1 ? `p ${f.probability} · ` : ''}
              {t('faults.counts', { fired: f.fired, matched: f.matched })} ·{' '}
              {f.remaining === null ? t('faults.unlimited') : t('faults.left', { count: f.remaining })}
            </span>
            <button type="button" className="btn btn-outline-secondary btn-sm ms-auto" onClick={() => remove.mutate(f.id)}>
              {t('faults.remove', { id: f.id })}
            </button>
          </li>
        ))}
      </ul>
      <FaultFormCard />
    </Card>
  );
}
