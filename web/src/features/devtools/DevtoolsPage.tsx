import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FormProvider } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import {
  FAULT_EFFECT_KINDS,
  SCENARIO_NAMES,
  SNAPSHOTS,
  HTTP_METHODS_MATCHED,
  IDLE_TIMEOUT_MS,
  faultInputSchema,
  type Fault,
  type FaultEffectKind,
  type Scenario,
  type ScenarioName,
  type SnapshotName,
} from '@pp/contract';
import { useNavigate } from 'react-router-dom';
import { signin } from '../../api/signin.ts';
import { ApiError, failureText } from '../../api/client.ts';
import { Card } from '../../components/Card.tsx';
import { DataTable } from '../../components/DataTable.tsx';
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
  resetStack,
  saveSnapshot,
  scenariosQuery,
  snapshotsQuery,
  type JournalFilter,
} from './api.ts';
import { dateTimeOf, timeOf } from '../../lib/dates.ts';
import { indianNumber } from '../../lib/numbers.ts';

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;
const CARD = 'card border-0 shadow-sm mb-4';

/** A card's button that removes everything it lists. */
function RemoveAll({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <button type="button" className="btn btn-outline-danger btn-sm" onClick={onClick}>
      {label}
    </button>
  );
}

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
    </Card>
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
    <Card
      id="devtools-scenarios"
      title={t('scenarios.title')}
      className={CARD}
      actions={
        scenarios.data &&
        scenarios.data.made.length > 0 && <RemoveAll label={t('scenarios.resetAll')} onClick={() => resetAll.mutate()} />
      }
    >
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
        <DataTable
          label={t('scenarios.title')}
          items={scenarios.data.made}
          rowKey={(s) => String(s.id)}
          columns={[
            {
              header: t('scenarios.choose'),
              cell: (s) => (
                <>
                  <code>{s.scenario}</code>
                  {s.tookMs !== null && <div className="text-muted">{t('scenarios.took', { ms: s.tookMs })}</div>}
                </>
              ),
            },
            {
              header: t('scenarios.partner'),
              userContent: true,
              cell: (s) => (
                <>
                  {s.organizationName}
                  <div className="text-muted">{s.partnerNumber}</div>
                </>
              ),
            },
            {
              header: t('scenarios.signIn'),
              cell: (s) => (
                <>
                  <code>{s.username}</code> / <code>{s.password}</code>
                </>
              ),
            },
            { header: t('scenarios.numbers'), cell: (s) => s.requestNumber ?? s.grievanceNumber },
            {
              header: '',
              className: 'text-end text-nowrap',
              cell: (s) => (
                <>
                  <button type="button" className="btn btn-primary btn-sm me-2" onClick={() => open.mutate(s)}>
                    {t('scenarios.open', { username: s.username })}
                  </button>
                  <button type="button" className="btn btn-outline-secondary btn-sm" onClick={() => reset.mutate(s.id)}>
                    {t('scenarios.reset', { username: s.username })}
                  </button>
                </>
              ),
            },
          ]}
        />
      )}
    </Card>
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
    <Card
      id="devtools-journal"
      title={t('journal.title')}
      className={CARD}
      actions={
        <>
          <a className="btn btn-outline-primary btn-sm" href={harUrl(filter)} download>
            {t('journal.har')}
          </a>
          <button type="button" className="btn btn-outline-secondary btn-sm" onClick={() => clear.mutate()}>
            {t('journal.clear')}
          </button>
        </>
      }
    >
      <div className="row g-2 mb-2">
        {filterInput('account')}
        {filterInput('client')}
        {filterInput('path')}
      </div>
      {journal.data?.length === 0 && <p className="text-muted mb-0">{t('journal.empty')}</p>}
      {journal.data && journal.data.length > 0 && (
        <DataTable
          label={t('journal.title')}
          items={journal.data}
          rowKey={(e) => String(e.id)}
          columns={[
            { header: t('journal.time'), cell: (e) => timeOf(e.at, true) },
            { header: t('journal.method'), cell: (e) => e.method },
            {
              header: t('journal.path'),
              cell: (e) => (
                <details>
                  <summary>
                    <code>{e.url}</code>
                    {e.fault !== null && <span className="badge bg-danger ms-2">{t('journal.fault', { id: e.fault })}</span>}
                  </summary>
                  <pre className="small mb-0" aria-label={t('journal.details')}>
                    {JSON.stringify({ request: e.request, response: e.response }, null, 2)}
                  </pre>
                </details>
              ),
            },
            { header: t('journal.status'), cell: (e) => (e.status === 0 ? t('journal.dropped') : e.status) },
            { header: t('journal.duration'), cell: (e) => e.durationMs },
            { header: t('journal.account'), cell: (e) => e.account },
            { header: t('journal.client'), cell: (e) => e.client },
          ]}
        />
      )}
    </Card>
  );
}

function SnapshotsCard() {
  const { t } = useTranslation('devtools');
  const client = useQueryClient();
  const snapshots = useQuery(snapshotsQuery());
  const [confirming, setConfirming] = useState<SnapshotName | null>(null);
  const [outcome, setOutcome] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const started = () => {
    setError(null);
    setOutcome(null);
  };
  const save = useMutation({
    mutationFn: saveSnapshot,
    onMutate: started,
    onSuccess: (saved, name) => {
      setOutcome(t('snapshots.saved', { name, rows: indianNumber(saved.rows), seconds: (saved.tookMs / 1000).toFixed(1) }));
      void client.invalidateQueries({ queryKey: devtoolsKeys.all });
    },
    onError: (e) => setError(failureText(e)),
  });
  const reset = useMutation({
    mutationFn: resetStack,
    onMutate: started,
    onSuccess: (done, name) => {
      setConfirming(null);
      setOutcome(
        t('snapshots.done', {
          name,
          refilled: done.refilled,
          tables: done.tables,
          rows: indianNumber(done.rows),
          seconds: (done.tookMs / 1000).toFixed(1),
        }),
      );
      // Everything the page and the app hold came from the database that was just put back.
      void client.invalidateQueries();
    },
    onError: (e) => setError(failureText(e)),
  });
  const busy = save.isPending || reset.isPending;
  const rows = SNAPSHOTS.map((name) => ({ name, saved: snapshots.data?.find((s) => s.name === name) }));
  return (
    <Card id="devtools-snapshots" title={t('snapshots.title')} className={CARD}>
      <p className="text-muted small">{t('snapshots.intro')}</p>
      <FormAlert message={error} />
      {outcome && (
        <div className="alert alert-success" role="status">
          {outcome}
        </div>
      )}
      {confirming && (
        <div className="alert alert-warning d-flex gap-2 align-items-center flex-wrap" role="alert">
          <span>{t('snapshots.confirm', { name: confirming })}</span>
          <button
            type="button"
            className="btn btn-danger btn-sm ms-auto"
            disabled={busy}
            onClick={() => reset.mutate(confirming)}
          >
            {reset.isPending ? t('snapshots.resetting') : t('snapshots.confirmYes', { name: confirming })}
          </button>
          <button type="button" className="btn btn-outline-secondary btn-sm" disabled={busy} onClick={() => setConfirming(null)}>
            {t('snapshots.cancel')}
          </button>
        </div>
      )}
      <DataTable
        label={t('snapshots.title')}
        items={rows}
        rowKey={(r) => r.name}
        columns={[
          {
            header: t('snapshots.state'),
            cell: (r) => (
              <>
                <code>{r.name}</code>
                <div className="text-muted">{t(`snapshots.about.${r.name}`)}</div>
              </>
            ),
          },
          {
            header: t('snapshots.madeAt'),
            cell: (r) =>
              r.saved ? (
                <>
                  <time dateTime={r.saved.madeAt}>{dateTimeOf(r.saved.madeAt)}</time>
                  {!r.saved.current && <span className="badge bg-warning text-dark ms-2">{t('snapshots.stale')}</span>}
                </>
              ) : (
                <span className="text-muted">{t('snapshots.never')}</span>
              ),
          },
          {
            header: '',
            className: 'text-end text-nowrap',
            cell: (r) => (
              <>
                <button
                  type="button"
                  className="btn btn-outline-danger btn-sm me-2"
                  disabled={busy || !r.saved?.current}
                  onClick={() => setConfirming(r.name)}
                >
                  {t('snapshots.reset', { name: r.name })}
                </button>
                <button
                  type="button"
                  className="btn btn-outline-secondary btn-sm"
                  disabled={busy}
                  onClick={() => save.mutate(r.name)}
                >
                  {t('snapshots.save', { name: r.name })}
                </button>
              </>
            ),
          },
        ]}
      />
    </Card>
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
          <SnapshotsCard />
        </>
      )}
    </div>
  );
}
