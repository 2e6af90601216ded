import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FormProvider } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import {
  FAULT_EFFECT_KINDS,
  SCENARIO_NAMES,
  HTTP_METHODS_MATCHED,
  IDLE_TIMEOUT_MS,
  faultInputSchema,
  type Fault,
  type FaultEffectKind,
  type Scenario,
  type ScenarioName,
} from '@pp/contract';
import { useNavigate } from 'react-router-dom';
import { signin } from '../../api/signin.ts';
import { ApiError, failureText } from '../../api/client.ts';
import { FormAlert, SelectField, TextField } from '../../forms/fields.tsx';
import { applyFailure } from '../../forms/failure.ts';
import { useContractForm } from '../../forms/use-contract-form.ts';
import {
  addFault,
  clearFaults,
  clearJournal,
  clockQuery,
  deleteFault,
  devtoolsKeys,
  faultsQuery,
  harUrl,
  journalQuery,
  makeScenario,
  moveClock,
  resetClock,
  resetScenario,
  resetScenarios,
  scenariosQuery,
  type JournalFilter,
} from './api.ts';

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

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

function FaultsCard() {
  const { t } = useTranslation('devtools');
  const client = useQueryClient();
  const faults = useQuery(faultsQuery());
  const refresh = () => client.invalidateQueries({ queryKey: devtoolsKeys.all });
  const remove = useMutation({ mutationFn: deleteFault, onSuccess: refresh });
  const removeAll = useMutation({ mutationFn: clearFaults, onSuccess: refresh });
  return (
    <section className="card border-0 shadow-sm mb-4" aria-labelledby="devtools-faults">
      <div className="card-body">
        <div className="d-flex align-items-center mb-2">
          <h2 id="devtools-faults" className="h5 mb-0">
            {t('faults.title')}
          </h2>
          {faults.data && faults.data.length > 0 && (
            <button type="button" className="btn btn-outline-danger btn-sm ms-auto" onClick={() => removeAll.mutate()}>
              {t('faults.removeAll')}
            </button>
          )}
        </div>
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
      </div>
    </section>
  );
}

function ClockCard() {
  const { t } = useTranslation('devtools');
  const client = useQueryClient();
  const clock = useQuery(clockQuery());
  const [at, setAt] = useState('');
  const [error, setError] = useState<string | null>(null);
  const move = useMutation({
    mutationFn: moveClock,
    onMutate: () => setError(null),
    onSuccess: (now) => client.setQueryData(clockQuery().queryKey, now),
    onError: (e) => setError(failureText(e)),
  });
  const reset = useMutation({ mutationFn: resetClock, onSuccess: (now) => client.setQueryData(clockQuery().queryKey, now) });
  return (
    <section className="card border-0 shadow-sm mb-4" aria-labelledby="devtools-clock">
      <div className="card-body">
        <h2 id="devtools-clock" className="h5">
          {t('clock.title')}
        </h2>
        {clock.data && (
          <p className="mb-2" aria-live="polite">
            {t('clock.now')}: <time dateTime={clock.data.now}>{new Date(clock.data.now).toLocaleString()}</time>{' '}
            <span className={`badge ${clock.data.virtual ? 'bg-warning text-dark' : 'bg-success'}`}>
              {clock.data.virtual ? t('clock.ahead', { minutes: Math.round(clock.data.offsetMs / MINUTE_MS) }) : t('clock.real')}
            </span>
          </p>
        )}
        <FormAlert message={error} />
        <div className="d-flex gap-2 flex-wrap align-items-end">
          <div>
            <label htmlFor="devtools-clock-at" className="form-label">
              {t('clock.moveTo')}
            </label>
            <input
              id="devtools-clock-at"
              type="datetime-local"
              className="form-control"
              value={at}
              onChange={(e) => setAt(e.target.value)}
            />
          </div>
          <button
            type="button"
            className="btn btn-primary"
            disabled={!at}
            onClick={() => move.mutate({ at: new Date(at).toISOString() })}
          >
            {t('clock.move')}
          </button>
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
      </div>
    </section>
  );
}

function ScenariosCard() {
  const { t } = useTranslation('devtools');
  const client = useQueryClient();
  const navigate = useNavigate();
  const scenarios = useQuery(scenariosQuery());
  const [chosen, setChosen] = useState<ScenarioName>(SCENARIO_NAMES[0]!);
  const [error, setError] = useState<string | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: devtoolsKeys.all });
  const make = useMutation({
    mutationFn: makeScenario,
    onMutate: () => setError(null),
    onSuccess: refresh,
    onError: (e) => setError(failureText(e)),
  });
  const reset = useMutation({ mutationFn: resetScenario, onSuccess: refresh });
  const resetAll = useMutation({ mutationFn: resetScenarios, onSuccess: refresh });
  const open = useMutation({
    mutationFn: (s: Scenario) => signin({ username: s.username, password: s.password }),
    onSuccess: ({ landing }) => void navigate(landing),
    onError: (e) => setError(failureText(e)),
  });
  return (
    <section className="card border-0 shadow-sm mb-4" aria-labelledby="devtools-scenarios">
      <div className="card-body">
        <div className="d-flex align-items-center mb-2">
          <h2 id="devtools-scenarios" className="h5 mb-0">
            {t('scenarios.title')}
          </h2>
          {scenarios.data && scenarios.data.made.length > 0 && (
            <button type="button" className="btn btn-outline-danger btn-sm ms-auto" onClick={() => resetAll.mutate()}>
              {t('scenarios.resetAll')}
            </button>
          )}
        </div>
        <p className="text-muted small">{t('scenarios.intro')}</p>
        <FormAlert message={error} />
        <div className="d-flex gap-2 align-items-end flex-wrap mb-3">
          <div className="flex-grow-1">
            <label htmlFor="devtools-scenario" className="form-label">
              {t('scenarios.choose')}
            </label>
            <select
              id="devtools-scenario"
              className="form-select"
              value={chosen}
              onChange={(e) => setChosen(e.target.value as ScenarioName)}
            >
              {scenarios.data?.available.map((a) => (
                <option key={a.name} value={a.name}>
                  {a.name} — {a.description}
                </option>
              ))}
            </select>
          </div>
          <button type="button" className="btn btn-primary" disabled={make.isPending} onClick={() => make.mutate(chosen)}>
            {make.isPending ? t('scenarios.making') : t('scenarios.make')}
          </button>
        </div>
        {scenarios.data?.made.length === 0 && <p className="text-muted mb-0">{t('scenarios.none')}</p>}
        {scenarios.data && scenarios.data.made.length > 0 && (
          <div className="table-responsive">
            <table className="table table-sm align-middle">
              <thead>
                <tr>
                  <th scope="col">{t('scenarios.choose')}</th>
                  <th scope="col">{t('scenarios.partner')}</th>
                  <th scope="col">{t('scenarios.signIn')}</th>
                  <th scope="col">{t('scenarios.numbers')}</th>
                  <th scope="col" />
                </tr>
              </thead>
              <tbody>
                {scenarios.data.made.map((s) => (
                  <tr key={s.id}>
                    <td>
                      <code>{s.scenario}</code>
                      {s.tookMs !== null && <div className="small text-muted">{t('scenarios.took', { ms: s.tookMs })}</div>}
                    </td>
                    <td className="small">
                      {s.organizationName}
                      <div className="text-muted">{s.partnerNumber}</div>
                    </td>
                    <td className="small">
                      <code>{s.username}</code> / <code>{s.password}</code>
                    </td>
                    <td className="small">{s.requestNumber ?? s.grievanceNumber}</td>
                    <td className="text-end text-nowrap">
                      <button type="button" className="btn btn-primary btn-sm me-2" onClick={() => open.mutate(s)}>
                        {t('scenarios.open', { username: s.username })}
                      </button>
                      <button type="button" className="btn btn-outline-secondary btn-sm" onClick={() => reset.mutate(s.id)}>
                        {t('scenarios.reset', { username: s.username })}
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
    </section>
  );
}

function JournalCard() {
  const { t } = useTranslation('devtools');
  const client = useQueryClient();
  const [filter, setFilter] = useState<JournalFilter>({ account: '', client: '', path: '' });
  const journal = useQuery(journalQuery(filter));
  const clear = useMutation({
    mutationFn: clearJournal,
    onSuccess: () => client.invalidateQueries({ queryKey: devtoolsKeys.all }),
  });
  const filterInput = (key: keyof JournalFilter) => (
    <div className="col-md-3">
      <label htmlFor={`devtools-journal-${key}`} className="form-label">
        {t(`journal.${key}`)}
      </label>
      <input
        id={`devtools-journal-${key}`}
        className="form-control form-control-sm"
        value={filter[key]}
        onChange={(e) => setFilter({ ...filter, [key]: e.target.value })}
      />
    </div>
  );
  return (
    <section className="card border-0 shadow-sm mb-4" aria-labelledby="devtools-journal">
      <div className="card-body">
        <div className="d-flex align-items-center gap-2 mb-2">
          <h2 id="devtools-journal" className="h5 mb-0">
            {t('journal.title')}
          </h2>
          <a className="btn btn-outline-primary btn-sm ms-auto" href={harUrl(filter)} download>
            {t('journal.har')}
          </a>
          <button type="button" className="btn btn-outline-secondary btn-sm" onClick={() => clear.mutate()}>
            {t('journal.clear')}
          </button>
        </div>
        <div className="row g-2 mb-2">
          {filterInput('account')}
          {filterInput('client')}
          {filterInput('path')}
        </div>
        {journal.data?.length === 0 && <p className="text-muted mb-0">{t('journal.empty')}</p>}
        {journal.data && journal.data.length > 0 && (
          <div className="table-responsive">
            <table className="table table-sm align-middle">
              <thead>
                <tr>
                  <th scope="col">{t('journal.time')}</th>
                  <th scope="col">{t('journal.method')}</th>
                  <th scope="col">{t('journal.path')}</th>
                  <th scope="col">{t('journal.status')}</th>
                  <th scope="col">{t('journal.duration')}</th>
                  <th scope="col">{t('journal.account')}</th>
                  <th scope="col">{t('journal.client')}</th>
                </tr>
              </thead>
              <tbody>
                {journal.data.map((e) => (
                  <tr key={e.id}>
                    <td className="small">{new Date(e.at).toLocaleTimeString()}</td>
                    <td>{e.method}</td>
                    <td>
                      <details>
                        <summary>
                          <code>{e.url}</code>
                          {e.fault !== null && (
                            <span className="badge bg-danger ms-2">{t('journal.fault', { id: e.fault })}</span>
                          )}
                        </summary>
                        <pre className="small mb-0" aria-label={t('journal.details')}>
                          {JSON.stringify({ request: e.request, response: e.response }, null, 2)}
                        </pre>
                      </details>
                    </td>
                    <td>{e.status === 0 ? t('journal.dropped') : e.status}</td>
                    <td>{e.durationMs}</td>
                    <td className="small">{e.account}</td>
                    <td className="small">{e.client}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
    </section>
  );
}

/**
 * The developer controls (issue 25): a front-end developer makes the local backend fail, slow
 * down or move in time, and sees what their app asked. Off (a note says so) where the server has
 * them off: production, or a client not on the server's machine.
 */
export default function DevtoolsPage() {
  const { t } = useTranslation('devtools');
  const clock = useQuery(clockQuery());
  const off = clock.error instanceof ApiError && clock.error.status === 404;
  return (
    <div className="container py-4">
      <h1 className="h3 page-title">{t('title')}</h1>
      <p className="text-muted">{t('intro')}</p>
      {off ? (
        <div className="alert alert-secondary">{t('off')}</div>
      ) : (
        <>
          <ClockCard />
          <ScenariosCard />
          <FaultsCard />
          <JournalCard />
        </>
      )}
    </div>
  );
}
