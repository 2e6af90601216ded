import { Agent, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { endpointUrl, gatewayApi, type ErrorBody } from '@pp/contract';
import { buildTestApp } from '@pp/testing';
import { buildTestStack } from './test/gateway.ts';

const BOT_URL = endpointUrl(gatewayApi.bot);

const stack = await buildTestStack();
await stack.gateway.listen({ host: '127.0.0.1', port: 0 });
const proxy = await buildTestApp(stack.db, {
  env: { GATEWAY_URL: `http://127.0.0.1:${(stack.gateway.server.address() as AddressInfo).port}` },
});
await proxy.listen({ host: '127.0.0.1', port: 0 });
const proxyPort = (proxy.server.address() as AddressInfo).port;

/**
 * A POST the way curl and many HTTP clients send a large body: with Expect: 100-continue, the body
 * only after the server's 100 Continue.
 */
function postExpectingContinue(path: string, body: string): Promise<{ status: number; json: unknown }> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: proxyPort,
        path,
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), expect: '100-continue' },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, json: JSON.parse(Buffer.concat(chunks).toString('utf8')) }));
      },
    );
    req.on('continue', () => req.end(body));
    req.on('error', reject);
  });
}

describe('the /chatbot proxy of the API server', () => {
  it("passes a request with Expect: 100-continue on and answers the gateway's own answer", async () => {
    const ok = await postExpectingContinue(BOT_URL, JSON.stringify({ sender: 'expect-test', message: 'hello' }));
    expect(ok.status).toBe(200);
    expect(ok.json).toEqual([expect.objectContaining({ recipient_id: 'expect-test', text: expect.stringContaining('Guru') })]);

    const invalid = await postExpectingContinue(BOT_URL, JSON.stringify({ sender: 'expect-test', message: '' }));
    expect(invalid.status).toBe(400);
    expect((invalid.json as ErrorBody).errorCode).toBe(400);
  });

  it('answers the gateway 413 for a body over its limit, also with Expect: 100-continue', async () => {
    const large = JSON.stringify({ sender: 'expect-test', message: 'x'.repeat(100 * 1024) });
    const res = await postExpectingContinue(BOT_URL, large);
    expect(res.status).toBe(413);
    expect(res.json).toMatchObject({ response: null, errorCode: 413 });
  });

  it('answers 413 to every body over the gateway limit, whether sent with a length or in chunks, on one kept-alive connection', async () => {
    const agent = new Agent({ keepAlive: true });
    const big = JSON.stringify({ sender: 'big-body', message: 'x'.repeat(900 * 1024) });
    const post = (chunked: boolean) =>
      new Promise<number>((resolve, reject) => {
        const req = request(
          {
            host: '127.0.0.1',
            port: proxyPort,
            path: BOT_URL,
            method: 'POST',
            agent,
            timeout: 15_000,
            headers: { 'content-type': 'application/json', ...(chunked ? {} : { 'content-length': Buffer.byteLength(big) }) },
          },
          (res) => {
            res.resume();
            res.on('end', () => resolve(res.statusCode ?? 0));
          },
        );
        req.on('timeout', () => req.destroy(new Error('no answer within 15 s')));
        req.on('error', reject);
        // A chunked body arrives in pieces, as a streaming client sends it.
        if (chunked) for (let i = 0; i < big.length; i += 64 * 1024) req.write(big.slice(i, i + 64 * 1024));
        req.end(chunked ? undefined : big);
      });
    const statuses = await Promise.all([
      ...Array.from({ length: 36 }, () => post(false)),
      ...Array.from({ length: 4 }, () => post(true)),
    ]);
    agent.destroy();
    expect(statuses.filter((s) => s === 413)).toHaveLength(40);
    // And the proxy still serves the next ordinary request.
    const ok = await postExpectingContinue(BOT_URL, JSON.stringify({ sender: 'after-big', message: 'hello' }));
    expect(ok.status).toBe(200);
  });
});
