import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { IDLE_TIMEOUT_MS } from '@pp/contract';
import { GATEWAY_ENV_KEYS, loadGatewayConfig, GATEWAY_HEALTH_PATH } from '@pp/gateway';
import { SERVER_ENV_KEYS, loadConfig } from '@pp/server';
import { PUBLISHED_SECRETS } from '@pp/platform';

/**
 * `npm run test:containers` runs the stack for real where Podman or Docker can; this checks
 * docker-compose.yml, the Dockerfile and nginx's configuration against the code on every machine:
 * services, ports, environment names, health checks, build targets, the replicas behind the proxy.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
interface Service {
  image?: string;
  build?: { context: string; dockerfile: string; target: string; args?: Record<string, string> };
  environment?: Record<string, string>;
  ports?: string[];
  expose?: string[];
  volumes?: string[];
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[] };
  profiles?: string[];
  command?: string[];
}
const compose = parse(readFileSync(path.join(root, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
  services: Record<string, Service>;
  volumes: Record<string, unknown>;
};
const { postgres, gateway, proxy, e2e, mailbox } = compose.services;
const replicas = ['server-1', 'server-2'].map((name) => compose.services[name]!);
const server = replicas[0]!;
const dockerfile = readFileSync(path.join(root, 'Dockerfile'), 'utf8');
const nginx = readFileSync(path.join(root, 'containers/proxy/nginx.conf'), 'utf8');

/** The lines of one stage of the Dockerfile (FROM … AS target up to the next FROM). */
function stage(target: string): string[] {
  const lines = dockerfile.split('\n');
  const start = lines.findIndex((l) => new RegExp(`^FROM \\S+ AS ${target}$`).test(l));
  expect(start, `stage ${target}`).toBeGreaterThanOrEqual(0);
  const end = lines.findIndex((l, at) => at > start && l.startsWith('FROM '));
  return lines.slice(start, end === -1 ? undefined : end);
}

/** The secrets an operator sets before `docker compose up` (the file's defaults are refused in production). */
const OPERATOR_SECRETS = {
  JWT_SECRET: 'an-operator-chosen-secret-of-enough-length-0123',
  INTERNAL_API_TOKEN: 'an-operator-chosen-internal-token-0123456789',
};

/** A service's environment as compose resolves it: ${NAME:-default} from `shell`, else the default. */
function resolved(env: Record<string, string>, shell: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(env).map(([k, v]) => [
      k,
      v.replace(/\$\{(\w+):-([^}]*)\}/g, (_, name: string, fallback: string) => shell[name] ?? fallback),
    ]),
  );
}

describe('docker-compose.yml', () => {
  it('has postgres, two server replicas behind a proxy, the gateway, the mailbox, and an e2e service behind a profile', () => {
    expect(Object.keys(compose.services).sort()).toEqual([
      'e2e',
      'gateway',
      'mailbox',
      'postgres',
      'proxy',
      'server-1',
      'server-2',
    ]);
    expect(e2e!.profiles).toEqual(['e2e']);
    for (const [name, service] of Object.entries(compose.services))
      if (name !== 'e2e') expect(service.profiles, name).toBeUndefined();
  });

  it('builds each of our images from a target of the one Dockerfile, on bases a machine without a registry can replace', () => {
    for (const service of [server, gateway!, proxy!, mailbox!, e2e!]) {
      expect(service.build?.context).toBe('.');
      expect(service.build?.dockerfile).toBe('Dockerfile');
      stage(service.build!.target);
      expect(service.build!.args).toEqual({
        NODE_IMAGE: '${NODE_IMAGE:-node:20-bookworm-slim}',
        DEBIAN_IMAGE: '${DEBIAN_IMAGE:-debian:bookworm-slim}',
      });
    }
    expect(dockerfile).toContain('ARG NODE_IMAGE=node:20-bookworm-slim');
    expect(dockerfile).toContain('ARG DEBIAN_IMAGE=debian:bookworm-slim');
    expect(postgres!.image).toBe('${POSTGRES_IMAGE:-postgres:18-bookworm}');
    // The mailbox is the server's image with another command.
    expect(mailbox!.image).toBe(server.image);
    expect(mailbox!.command!.join(' ')).toContain('scripts/smtp-sink.ts');
    expect(stage('server').join('\n')).toContain('scripts/smtp-sink.ts');
  });

  it('runs the services as a user of their own, on production dependencies only', () => {
    for (const target of ['server', 'gateway', 'proxy', 'e2e'])
      expect(
        stage(target).some((l) => /^USER (node|www-data)$/.test(l)),
        target,
      ).toBe(true);
    expect(stage('server').join('\n')).toContain('COPY --from=server-deps /app /app');
    expect(stage('gateway').join('\n')).toContain('COPY --from=gateway-deps /app /app');
    expect(stage('server-deps').join('\n')).toMatch(/production-manifests\.mjs contract fixtures platform prisma server\b/);
    expect(stage('gateway-deps').join('\n')).toMatch(/production-manifests\.mjs contract fixtures platform gateway\b/);
  });

  it('installs with install scripts off: the root postinstall needs scripts/, which the installs come before', () => {
    const postinstall = (JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> })
      .scripts.postinstall;
    expect(postinstall).toContain('scripts/');
    const installs = dockerfile.split('\n').filter((l) => /\bnpm (ci|install)\b/.test(l) && !l.includes('--global'));
    expect(installs.length).toBeGreaterThanOrEqual(3);
    for (const line of installs) expect(line).toContain('--ignore-scripts');
  });

  it("refuses to run a server in production on the file's own default secrets", () => {
    const env = resolved(server.environment!, {});
    expect(env.NODE_ENV).toBe('production');
    for (const key of ['JWT_SECRET', 'INTERNAL_API_TOKEN']) expect(PUBLISHED_SECRETS).toContain(env[key]);
    expect(() => loadConfig(env)).toThrow(/JWT_SECRET is a default published/);
  });

  it('gives no variable an empty default: podman-compose 1.0.3 leaves `${VAR:-}` written as it is', () => {
    const text = readFileSync(path.join(root, 'docker-compose.yml'), 'utf8');
    expect(text.match(/\$\{\w+:?-\}/g) ?? []).toEqual([]);
  });

  it('gives both replicas the same configuration, which the server reads and parses', () => {
    expect(replicas[1]).toEqual(server);
    const env = server.environment!;
    for (const key of Object.keys(env)) expect(SERVER_ENV_KEYS).toContain(key);
    const config = loadConfig(resolved(env, OPERATOR_SECRETS));
    expect(config.nodeEnv).toBe('production');
    expect(config.devMailbox).toBe('off');
    expect(config.trustProxyHops).toBe(1);
    expect(config.client.idleTimeoutMs).toBe(IDLE_TIMEOUT_MS);
    expect(new URL(config.databaseUrl).hostname).toBe('postgres');
    expect(new URL(config.databaseUrl).pathname).toBe(`/${postgres!.environment!.POSTGRES_DB}`);
    const gatewayUrl = new URL(config.gatewayUrl);
    expect(gatewayUrl.hostname).toBe('gateway');
    expect(gateway!.expose).toEqual([gatewayUrl.port]);
  });

  it('keeps uploads on a volume both replicas mount where the server keeps its files', () => {
    const config = loadConfig(resolved(server.environment!, OPERATOR_SECRETS));
    for (const replica of replicas) expect(replica.volumes).toEqual([`files:${config.fileStoreDir}`]);
    expect(Object.keys(compose.volumes)).toContain('files');
    expect(stage('server').join('\n')).toContain(`mkdir -p ${config.fileStoreDir} && chown node:node ${config.fileStoreDir}`);
  });

  it('puts nginx in front of every replica, on the port it publishes, with the replica that answered named', () => {
    const port = server.environment!.PORT!;
    const servers = [...nginx.matchAll(/^\s*server (\S+):(\d+)((?: \S+)*);$/gm)];
    expect(servers.map(([, host, p]) => `${host}:${p}`)).toEqual(['server-1', 'server-2'].map((name) => `${name}:${port}`));
    // A fault rule's dropped connection (both replicas obey it) must not set a replica aside: with
    // nginx's default one failure left no live upstream, and every request of the next seconds got 502.
    for (const [line, , , parameters] of servers) expect(parameters!.trim().split(' '), line).toContain('max_fails=0');
    expect(nginx).toMatch(/listen 8080;/);
    expect(proxy!.ports).toEqual(['8080:8080']);
    expect(nginx).toContain('add_header X-Served-By $upstream_addr always;');
    expect(nginx).toContain('proxy_set_header Upgrade $http_upgrade;');
    expect(proxy!.depends_on).toEqual({
      'server-1': { condition: 'service_healthy' },
      'server-2': { condition: 'service_healthy' },
    });
  });

  it('gives the gateway only variables its configuration reads; it calls the server through the proxy', () => {
    const env = gateway!.environment!;
    for (const key of Object.keys(env)) expect(GATEWAY_ENV_KEYS).toContain(key);
    const config = loadGatewayConfig(resolved(env, OPERATOR_SECRETS));
    expect(config.host).toBe('0.0.0.0');
    expect(String(config.port)).toBe(new URL(server.environment!.GATEWAY_URL!).port);
    // The gateway keeps conversations in the portal's database.
    expect(config.databaseUrl).toBe(server.environment!.DATABASE_URL);
    expect(config.serverUrl).toBe('http://proxy:8080');
    expect(env.INTERNAL_API_TOKEN).toBe(server.environment!.INTERNAL_API_TOKEN);
    expect(gateway!.depends_on).toEqual({ postgres: { condition: 'service_healthy' } });
  });

  it('health-checks every service on its real health endpoint, and starts each after what it needs is healthy', () => {
    expect(postgres!.healthcheck!.test.join(' ')).toContain('pg_isready');
    expect(mailbox!.healthcheck!.test.join(' ')).toContain(`connect(${mailbox!.environment!.SMTP_SINK_PORT}`);
    const healthcheck = (target: string) => stage(target).join('\n').split('HEALTHCHECK')[1] ?? '';
    expect(healthcheck('server')).toContain(`(process.env.PORT||${server.environment!.PORT})+'/partner-api/health'`);
    expect(healthcheck('gateway')).toContain(`(process.env.PORT||${gateway!.environment!.PORT})+'${GATEWAY_HEALTH_PATH}'`);
    expect(healthcheck('proxy')).toContain('/proxy-health');
    for (const replica of replicas)
      expect(replica.depends_on).toEqual({
        postgres: { condition: 'service_healthy' },
        gateway: { condition: 'service_healthy' },
      });
    expect(e2e!.depends_on).toEqual({ proxy: { condition: 'service_healthy' }, mailbox: { condition: 'service_healthy' } });
  });

  it("sends the servers' mail to the mailbox sink, which writes to the same database", () => {
    const smtp = new URL(server.environment!.SMTP_URL!);
    expect(smtp.hostname).toBe('mailbox');
    expect(mailbox!.environment!.SMTP_SINK_PORT).toBe(smtp.port);
    expect(mailbox!.expose).toEqual([smtp.port]);
    expect(mailbox!.environment!.DATABASE_URL).toBe(server.environment!.DATABASE_URL);
  });

  it('points the e2e suite at the proxy and the database, from an origin the servers allow', () => {
    const base = e2e!.environment!.E2E_BASE_URL!;
    expect(base).toBe('http://proxy:8080');
    expect(server.environment!.CORS_ORIGINS!.split(',')).toContain(base);
    expect(e2e!.environment!.E2E_DATABASE_URL).toBe(server.environment!.DATABASE_URL);
    expect(e2e!.environment!.E2E_REPLICAS).toBe(String(replicas.length));
  });
});
