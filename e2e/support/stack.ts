import { existsSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** Where `npm start` keeps the gateway's pid for the stack the config starts (scripts/start.ts). */
const GATEWAY_PID_FILE = path.join(root, '.data/e2e/gateway.pid');
/**
 * Set when the suite runs in a container against the compose stack: the journeys cannot reach the
 * gateway's process, so they ask whoever runs the stack (scripts/test-containers.ts) through a file.
 */
const CONTROL_DIR = process.env.E2E_STACK_CONTROL_DIR;

/**
 * Kills the gateway as a crash would. Both stacks bring it back by themselves: `npm start`'s
 * supervisor, or the container's restart policy.
 */
export async function killGateway(): Promise<void> {
  if (!CONTROL_DIR) {
    process.kill(Number(readFileSync(GATEWAY_PID_FILE, 'utf8')), 'SIGKILL');
    return;
  }
  mkdirSync(CONTROL_DIR, { recursive: true });
  const request = path.join(CONTROL_DIR, 'kill-gateway');
  writeFileSync(request, new Date().toISOString());
  // The runner deletes the request once the gateway is killed.
  const deadline = Date.now() + 30_000;
  while (existsSync(request)) {
    if (Date.now() > deadline) throw new Error(`nobody answered ${request}: is the stack run by scripts/test-containers.ts?`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
