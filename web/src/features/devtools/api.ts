import { queryOptions } from '@tanstack/react-query';
import { devtoolsEndpoints, endpointUrl, type FaultInput, type ScenarioName, type SnapshotName } from '@pp/contract';
import { callData } from '../../api/client.ts';

/** The controls' state moves under the page (other tabs, tests, another developer): read again every few seconds. */
const REFRESH_MS = 2_000;
const d = devtoolsEndpoints;

export const devtoolsKeys = { all: ['devtools'] as const };

export const faultsQuery = () =>
  queryOptions({
    queryKey: [...devtoolsKeys.all, 'faults'],
    queryFn: () => callData(d.faults),
    refetchInterval: REFRESH_MS,
    retry: false,
  });

export const clockQuery = () =>
  queryOptions({
    queryKey: [...devtoolsKeys.all, 'clock'],
    queryFn: () => callData(d.clock),
    refetchInterval: REFRESH_MS,
    retry: false,
  });

export interface JournalFilter {
  account: string;
  client: string;
  path: string;
}
const filterQuery = (f: JournalFilter) => ({
  account: f.account.trim() || undefined,
  client: f.client.trim() || undefined,
  path: f.path.trim() || undefined,
});

export const journalQuery = (filter: JournalFilter) =>
  queryOptions({
    queryKey: [...devtoolsKeys.all, 'journal', filter],
    queryFn: () => callData(d.journal, { query: { ...filterQuery(filter), limit: 100 } }),
    refetchInterval: REFRESH_MS,
    retry: false,
  });

/** The journal as HAR, under the same filters, every entry kept: a plain link downloads it. */
export const harUrl = (filter: JournalFilter) => endpointUrl(d.journalHar, { query: filterQuery(filter) });

export const addFault = (body: FaultInput) => callData(d.addFault, { body });
export const deleteFault = (id: number) => callData(d.deleteFault, { params: { id } });
export const clearFaults = () => callData(d.clearFaults);
export const moveClock = (body: { at: string } | { advanceMs: number }) => callData(d.setClock, { body });
export const resetClock = () => callData(d.resetClock);
export const clearJournal = () => callData(d.clearJournal);

export const scenariosQuery = () =>
  queryOptions({
    queryKey: [...devtoolsKeys.all, 'scenarios'],
    queryFn: () => callData(d.scenarios, { query: {} }),
    refetchInterval: REFRESH_MS,
    retry: false,
  });
export const makeScenario = (scenario: ScenarioName) => callData(d.makeScenario, { body: { scenario } });
export const resetScenario = (id: number) => callData(d.resetScenario, { params: { id } });
export const resetScenarios = () => callData(d.resetScenarios, { query: {} });

/** Read when the page opens and after each save or reset, not every few seconds: listing opens a database session of its own. */
export const snapshotsQuery = () =>
  queryOptions({ queryKey: [...devtoolsKeys.all, 'snapshots'], queryFn: () => callData(d.snapshots), retry: false });
export const saveSnapshot = (snapshot: SnapshotName) => callData(d.saveSnapshot, { body: { snapshot } });
export const resetStack = (snapshot: SnapshotName) => callData(d.reset, { body: { snapshot } });
