import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { SCENARIO_NAMES, type Scenario, type ScenarioName } from '@pp/contract';
import { useNavigate } from 'react-router-dom';
import { signin } from '../../api/signin.ts';
import { failureText } from '../../api/client.ts';
import { Card } from '../../components/Card.tsx';
import { DataTable } from '../../components/DataTable.tsx';
import { FormAlert } from '../../forms/fields.tsx';
import { devtoolsKeys, makeScenario, resetScenario, resetScenarios, scenariosQuery } from './api.ts';
import { CARD, RemoveAll } from './shared.tsx';

export function ScenariosCard() {
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
