import { spawn, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';

/** How a service that dies is started again: after a growing delay, at most `maxRestarts` times within `windowMs`. */
export interface RestartPolicy {
  maxRestarts: number;
  windowMs: number;
  firstDelayMs: number;
  maxDelayMs: number;
}

export const DEFAULT_RESTART_POLICY: RestartPolicy = {
  maxRestarts: 5,
  windowMs: 60_000,
  firstDelayMs: 1_000,
  maxDelayMs: 15_000,
};

export interface ServiceSpec {
  name: string;
  /** The program and its arguments. */
  command: string[];
  cwd: string;
  env?: NodeJS.ProcessEnv;
  /** Started again when it dies; without a policy its death stops the stack. */
  restart?: RestartPolicy;
  /** Where the live pid is kept (the e2e outage journey stops the gateway through it). */
  pidFile?: string;
}

const isAlive = (child: ChildProcess) => child.exitCode === null && child.signalCode === null;

function waitForExit(child: ChildProcess, timeoutMs: number): Promise<boolean> {
  if (!isAlive(child)) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), timeoutMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

/**
 * Runs the stack's services as child processes. A service with a restart policy that dies is
 * started again after a growing delay, and says so; one that keeps dying, or one without a policy,
 * makes the supervisor give up (`onFatal`), after which `stop()` ends everything. `stop()` always
 * finishes: children already dead are not waited for, and one that ignores SIGTERM gets SIGKILL.
 */
export class Supervisor {
  private readonly running = new Map<string, ChildProcess>();
  private readonly restarts = new Map<string, number[]>();
  private readonly pendingRestarts = new Set<NodeJS.Timeout>();
  private stopping = false;

  constructor(
    private readonly log: (message: string) => void,
    private readonly onFatal: (reason: string) => void,
  ) {}

  /**
   * Starts a service; once the stack is stopping, starts nothing (answers undefined): Ctrl-C during
   * start-up stops the services already running while start-up goes on to the next one, which would
   * otherwise outlive the stack.
   */
  start(spec: ServiceSpec): ChildProcess | undefined {
    if (this.stopping) return undefined;
    const [file, ...args] = spec.command;
    const child = spawn(file!, args, {
      cwd: spec.cwd,
      env: { ...process.env, ...spec.env },
      // The IPC channel ends when this process does, however it ends: the services stop then
      // (closeOnStop in @pp/platform), so none outlives the stack.
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    this.running.set(spec.name, child);
    if (spec.pidFile && child.pid) writeFileSync(spec.pidFile, String(child.pid));
    child.once('exit', (code, signal) => this.exited(spec, child, signal ?? `code ${code}`));
    return child;
  }

  /** The live process of a service, if it runs. */
  process(name: string): ChildProcess | undefined {
    const child = this.running.get(name);
    return child && isAlive(child) ? child : undefined;
  }

  private exited(spec: ServiceSpec, child: ChildProcess, how: string) {
    if (this.running.get(spec.name) === child) this.running.delete(spec.name);
    if (this.stopping) return;
    const policy = spec.restart;
    if (!policy) {
      this.onFatal(`${spec.name} exited (${how})`);
      return;
    }
    const now = Date.now();
    const recent = (this.restarts.get(spec.name) ?? []).filter((t) => now - t < policy.windowMs);
    if (recent.length >= policy.maxRestarts) {
      this.onFatal(`${spec.name} exited (${how}) ${recent.length + 1} times within ${policy.windowMs / 1000} s; giving up`);
      return;
    }
    recent.push(now);
    this.restarts.set(spec.name, recent);
    const delay = Math.min(policy.firstDelayMs * 2 ** (recent.length - 1), policy.maxDelayMs);
    this.log(
      `${spec.name} exited (${how}); starting it again in ${delay / 1000} s (restart ${recent.length} of at most ${policy.maxRestarts} per ${policy.windowMs / 1000} s)`,
    );
    const timer = setTimeout(() => {
      this.pendingRestarts.delete(timer);
      this.start(spec);
    }, delay);
    this.pendingRestarts.add(timer);
  }

  /** SIGTERM to every live service, SIGKILL to any still there after `graceMs`; resolves when all are gone. */
  async stop(graceMs = 10_000): Promise<void> {
    this.stopping = true;
    for (const timer of this.pendingRestarts) clearTimeout(timer);
    this.pendingRestarts.clear();
    const children = [...this.running.values()].filter(isAlive);
    for (const child of children) child.kill('SIGTERM');
    await Promise.all(
      children.map(async (child) => {
        if (await waitForExit(child, graceMs)) return;
        child.kill('SIGKILL');
        await waitForExit(child, graceMs);
      }),
    );
  }
}
