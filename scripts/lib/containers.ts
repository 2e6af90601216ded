/**
 * What the container scripts share: which engine runs here (Podman or Docker), running its commands
 * with their output shown, and the names of the base images, official and offline.
 */
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export type Engine = 'podman' | 'docker';

/** The official bases the Dockerfile and docker-compose.yml default to. */
export const OFFICIAL_BASES = {
  NODE_IMAGE: 'node:20-bookworm-slim',
  DEBIAN_IMAGE: 'debian:bookworm-slim',
  POSTGRES_IMAGE: 'postgres:18-bookworm',
} as const;

/** Their stand-ins, built here from Debian's packages and the npm registry (scripts/container-bases.ts). */
export const OFFLINE_BASES = {
  NODE_IMAGE: `localhost/offline/node:${process.versions.node}-bookworm-slim`,
  DEBIAN_IMAGE: 'localhost/offline/debian:bookworm-slim',
  POSTGRES_IMAGE: 'localhost/offline/postgres:18-bookworm',
} as const;

export type Bases = Record<keyof typeof OFFICIAL_BASES, string>;

const works = (command: string, args: string[]) => spawnSync(command, args, { stdio: 'ignore' }).status === 0;

/** The engine that can run containers here: CONTAINER_ENGINE if set, else Podman, else a Docker with a daemon. */
export function detectEngine(): Engine | null {
  const chosen = process.env.CONTAINER_ENGINE;
  if (chosen === 'podman' || chosen === 'docker') return works(chosen, ['info']) ? chosen : null;
  if (works('podman', ['info'])) return 'podman';
  // The Docker client is on these machines without a daemon: `docker info` tells which.
  if (works('docker', ['info'])) return 'docker';
  return null;
}

export interface RunOptions {
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  /** Text written to the command's standard input. */
  input?: string;
  /** Keep the output instead of showing it. */
  quiet?: boolean;
}

/** Runs a command to its end; answers its output (when quiet) and fails with its exit code otherwise. */
export function run(command: string, args: string[], options: RunOptions = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: options.cwd ?? root,
      env: { ...process.env, ...options.env },
      stdio: [
        options.input === undefined ? 'ignore' : 'pipe',
        options.quiet ? 'pipe' : 'inherit',
        options.quiet ? 'pipe' : 'inherit',
      ],
    });
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    if (options.input !== undefined) child.stdin!.end(options.input);
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0
        ? resolve(output)
        : reject(
            new Error(`${command} ${args.join(' ')} exited with ${code}${options.quiet ? `:\n${output.slice(-2000)}` : ''}`),
          ),
    );
  });
}

export interface ImageBuild {
  dockerfile: string;
  tag: string;
  context: string;
  target?: string;
  args?: Record<string, string>;
  /** Build secrets by id: the file each one is read from. */
  secrets?: Record<string, string>;
  noCache?: boolean;
}

/**
 * Builds one image, failing with the engine's output. Podman writes Docker's image format, which
 * keeps the Dockerfile's HEALTHCHECK (its default OCI format drops it).
 */
export async function buildImage(engine: Engine, build: ImageBuild): Promise<void> {
  await run(
    engine,
    [
      'build',
      ...(engine === 'podman' ? ['--format', 'docker'] : []),
      ...(build.noCache ? ['--no-cache'] : []),
      ...Object.entries(build.secrets ?? {}).flatMap(([id, file]) => ['--secret', `id=${id},src=${file}`]),
      ...Object.entries(build.args ?? {}).flatMap(([name, value]) => ['--build-arg', `${name}=${value}`]),
      ...(build.target ? ['--target', build.target] : []),
      '-f',
      build.dockerfile,
      '-t',
      build.tag,
      build.context,
    ],
    { quiet: true },
  );
}

export function imageExists(engine: Engine, image: string): boolean {
  return works(engine, ['image', 'inspect', image]);
}

/** An image's size as the engine reports it, in MB. */
export async function imageSizeMb(engine: Engine, image: string): Promise<number> {
  const bytes = Number((await run(engine, ['image', 'inspect', '--format', '{{.Size}}', image], { quiet: true })).trim());
  return bytes / 1e6;
}

/** Seconds since `started` (a performance.now() reading), to one decimal. */
export const secondsSince = (started: number) => Math.round((performance.now() - started) / 100) / 10;

export const log = (message: string) => console.log(`[containers] ${message}`);
