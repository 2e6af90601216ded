import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { GATEWAY_ENV_KEYS, loadGatewayConfig, GATEWAY_HEALTH_PATH } from '@pp/gateway';
import { SERVER_ENV_KEYS, loadConfig } from '@pp/server';
import { PUBLISHED_SECRETS } from '@pp/platform';

/**
 * No Docker engine runs on our machines, so this checks docker-compose.yml statically against
 * the code: services, ports, environment names, health checks and Dockerfiles.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
interface Service {
  image?: string;
  build?: { context: string; dockerfile: string };
  environment?: Record<string, string>;
  ports?: string[];
  expose?: string[];
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[] };
  profiles?: string[];
  command?: string[];
}
const compose = parse(readFileSync(path.join(root, 'docker-compose.yml'), 'utf8')) as { services: Record<string, Service> };
const { postgres, server, gateway, e2e, mailbox } = compose.services;

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
  it('has postgres, server and gateway, and an e2e service behind a profile', () => {
    expect(Object.keys(compose.services).sort()).toEqual(['e2e', 'gateway', 'mailbox', 'postgres', 'server']);
    expect(e2e!.profiles).toEqual(['e2e']);
    for (const name of ['postgres', 'server', 'gateway']) expect(compose.services[name]!.profiles).toBeUndefined();
  });

  it('builds each of our services from a Dockerfile that exists, with the repository as context', () => {
    for (const service of [server!, gateway!, e2e!]) {
      expect(service.build?.context).toBe('.');
      expect(existsSync(path.join(root, service.build!.dockerfile))).toBe(true);
    }
    expect(readFileSync(path.join(root, 'server/Dockerfile'), 'utf8')).toContain('scripts/container-server.ts');
    expect(existsSync(path.join(root, 'scripts/container-server.ts'))).toBe(true);
  });

  it('installs before copying scripts/ only with install scripts off, as the root postinstall needs scripts/', () => {
    const postinstall = (JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> })
      .scripts.postinstall;
    expect(postinstall).toContain('scripts/');
    for (const service of [server!, gateway!, e2e!]) {
      const lines = readFileSync(path.join(root, service.build!.dockerfile), 'utf8').split('\n');
      const scriptsCopied = lines.findIndex((l) => /^COPY (scripts|\.) /.test(l));
      lines.forEach((line, at) => {
        if (/^RUN npm (ci|install)\b/.test(line) && (scriptsCopied === -1 || at < scriptsCopied))
          expect(line).toContain('--ignore-scripts');
      });
    }
  });

  it("refuses to run the server in production on the file's own default secrets", () => {
    const env = resolved(server!.environment!, {});
    expect(env.NODE_ENV).toBe('production');
    for (const key of ['JWT_SECRET', 'INTERNAL_API_TOKEN']) expect(PUBLISHED_SECRETS).toContain(env[key]);
    expect(() => loadConfig(env)).toThrow(/JWT_SECRET is a default published/);
  });

  it('gives the server only variables its configuration reads, and a configuration that parses', () => {
    const env = server!.environment!;
    for (const key of Object.keys(env)) expect(SERVER_ENV_KEYS).toContain(key);
    const config = loadConfig(resolved(env, OPERATOR_SECRETS));
    expect(config.nodeEnv).toBe('production');
    expect(server!.ports).toEqual([`${config.port}:${config.port}`]);
    expect(new URL(config.databaseUrl).hostname).toBe('postgres');
    expect(new URL(config.databaseUrl).pathname).toBe(`/${postgres!.environment!.POSTGRES_DB}`);
    const gatewayUrl = new URL(config.gatewayUrl);
    expect(gatewayUrl.hostname).toBe('gateway');
    expect(gateway!.expose).toEqual([gatewayUrl.port]);
  });

  it('gives the gateway only variables its configuration reads, listening where the server looks for it', () => {
    const env = gateway!.environment!;
    for (const key of Object.keys(env)) expect(GATEWAY_ENV_KEYS).toContain(key);
    const config = loadGatewayConfig(resolved(env, OPERATOR_SECRETS));
    expect(config.host).toBe('0.0.0.0');
    expect(String(config.port)).toBe(new URL(server!.environment!.GATEWAY_URL!).port);
    // The gateway keeps conversations in the portal's database and calls the server by its service name.
    expect(config.databaseUrl).toBe(server!.environment!.DATABASE_URL);
    expect(new URL(config.serverUrl).hostname).toBe('server');
    expect(new URL(config.serverUrl).port).toBe(server!.environment!.PORT);
    expect(env.INTERNAL_API_TOKEN).toBe(server!.environment!.INTERNAL_API_TOKEN);
    expect(gateway!.depends_on).toEqual({ postgres: { condition: 'service_healthy' } });
  });

  it('health-checks each service on its real health endpoint and starts the server after its dependencies are healthy', () => {
    expect(postgres!.healthcheck!.test.join(' ')).toContain('pg_isready');
    expect(server!.healthcheck!.test.join(' ')).toContain(`http://127.0.0.1:${server!.environment!.PORT}/partner-api/health`);
    expect(gateway!.healthcheck!.test.join(' ')).toContain(
      `http://127.0.0.1:${gateway!.environment!.PORT}${GATEWAY_HEALTH_PATH}`,
    );
    expect(server!.depends_on).toEqual({ postgres: { condition: 'service_healthy' }, gateway: { condition: 'service_healthy' } });
    expect(e2e!.depends_on).toEqual({ server: { condition: 'service_healthy' } });
  });

  it("sends the server's mail to the mailbox sink, which writes to the same database", () => {
    const smtp = new URL(server!.environment!.SMTP_URL!);
    expect(smtp.hostname).toBe('mailbox');
    expect(mailbox!.environment!.SMTP_SINK_PORT).toBe(smtp.port);
    expect(mailbox!.expose).toEqual([smtp.port]);
    expect(mailbox!.environment!.DATABASE_URL).toBe(server!.environment!.DATABASE_URL);
    expect(mailbox!.command!.join(' ')).toContain('scripts/smtp-sink.ts');
  });

  it('points the e2e suite at the server by its service name', () => {
    expect(e2e!.environment!.E2E_BASE_URL).toBe(`http://server:${server!.environment!.PORT}`);
  });
});
