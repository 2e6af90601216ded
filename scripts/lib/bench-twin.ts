/**
 * The mix's twin: a bare Fastify that answers the mix's requests with the bytes and headers the
 * stack gave for them, and does nothing else (no access check, no validation, no memory to look
 * in). What it keeps of partner info's rate in the mix is what this machine allows a server that
 * only sends those answers, to read the stack's figure against.
 *
 *   node --import tsx scripts/lib/bench-twin.ts PORT ANSWERS_JSON
 */
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

/** An answer as the bench took it from the stack (its body in base64). */
export interface TwinAnswer {
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body: string;
}

const [port, answersFile] = process.argv.slice(2);
const answers = JSON.parse(readFileSync(answersFile!, 'utf8')) as TwinAnswer[];
const app = Fastify({ logger: false });
for (const answer of answers) {
  const body = Buffer.from(answer.body, 'base64');
  app.route({ method: answer.method, url: answer.path, handler: (_request, reply) => reply.headers(answer.headers).send(body) });
}
await app.listen({ host: '127.0.0.1', port: Number(port) });
