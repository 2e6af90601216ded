import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { TEXTS, VOICE_LANGUAGE_PARAM, VOICE_SOCKET_PATH, VOICE_INPUT_SAMPLE_RATE_HZ, say } from '@pp/contract';
import { buildTestApp } from '@pp/testing';
import { buildGateway } from '../app.ts';
import { loadGatewayConfig } from '../config.ts';
import { buildTestStack } from '../test/gateway.ts';
import { speakToPcm } from '../tts/espeak.ts';
import { Resampler } from './resampler.ts';

const stack = await buildTestStack();
await stack.gateway.listen({ host: '127.0.0.1', port: 0 });
const gatewayPort = (stack.gateway.server.address() as AddressInfo).port;

type Reply = { type: string; text?: string; message?: string };

/** The portal's own page, which both the gateway and the server's proxy allow by default. */
const PORTAL_ORIGIN = 'http://localhost:8080';

/** Opens the socket (from the portal's page unless told otherwise) and collects its JSON answers. */
async function connect(url: string, origin: string = PORTAL_ORIGIN, client?: string) {
  const socket = new WebSocket(url, { origin, ...(client ? { headers: { 'x-forwarded-for': client } } : {}) });
  const replies: Reply[] = [];
  const waiters: (() => void)[] = [];
  socket.on('message', (data: Buffer) => {
    replies.push(JSON.parse(data.toString('utf8')) as Reply);
    waiters.splice(0).forEach((w) => w());
  });
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  const next = async (type: string, timeoutMs = 20_000): Promise<Reply> => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = replies.find((r) => r.type === type);
      if (found) {
        replies.splice(replies.indexOf(found), 1);
        return found;
      }
      if (Date.now() > deadline) throw new Error(`no ${type} message; got ${JSON.stringify(replies)}`);
      await new Promise<void>((r) => {
        waiters.push(r);
        setTimeout(r, 200);
      });
    }
  };
  return { socket, next, replies };
}

/** Our own TTS voice saying a phrase, as the browser would send it: 44.1 kHz 16-bit frames. */
async function spoken(text: string): Promise<Buffer[]> {
  const { pcm, sampleRate } = await speakToPcm(text, 'en-us');
  const at44k = new Resampler(sampleRate, VOICE_INPUT_SAMPLE_RATE_HZ).processInt16(pcm);
  const frames: Buffer[] = [];
  for (let i = 0; i < at44k.length; i += 4096) {
    const frame = at44k.slice(i, i + 4096);
    frames.push(Buffer.from(frame.buffer));
  }
  return frames;
}

const voiceUrl = (port: number) => `ws://127.0.0.1:${port}${VOICE_SOCKET_PATH}`;
const start = (lang = 'en-IN') => JSON.stringify({ type: 'start', lang, sampleRate: VOICE_INPUT_SAMPLE_RATE_HZ });

describe('voice WebSocket', () => {
  it('hears an English chat phrase spoken at 44.1 kHz and answers partial and final text', async () => {
    const { socket, next } = await connect(voiceUrl(gatewayPort));
    socket.send(start());
    for (const frame of await spoken('how do I register as a partner')) socket.send(frame);
    const partial = await next('partial');
    expect(partial.text).toBeTruthy();
    socket.send(JSON.stringify({ type: 'stop' }));
    const final = await next('final');
    expect(final.text).toContain('register');
    expect(final.text).toContain('partner');
    socket.close();
  }, 60_000);

  it('is reachable through the API server on the same origin', async () => {
    const proxy = await buildTestApp(stack.db, { env: { GATEWAY_URL: `http://127.0.0.1:${gatewayPort}` } });
    await proxy.listen({ host: '127.0.0.1', port: 0 });
    const { socket, next } = await connect(voiceUrl((proxy.server.address() as AddressInfo).port));
    socket.send(start());
    for (const frame of await spoken('hello')) socket.send(frame);
    socket.send(JSON.stringify({ type: 'stop' }));
    expect((await next('final')).text).toContain('hello');
    socket.close();
  }, 60_000);

  it('refuses an upgrade from a page of another site, or with no or a null Origin, before it opens', async () => {
    const statusOf = (url: string, headers: Record<string, string>) =>
      new Promise<number>((resolve, reject) => {
        const socket = new WebSocket(url, { headers });
        socket.once('unexpected-response', (_request, response) => {
          resolve(response.statusCode ?? 0);
          socket.terminate();
        });
        socket.once('open', () => reject(new Error(`opened with ${JSON.stringify(headers)}`)));
        socket.once('error', () => undefined);
      });
    const proxy = await buildTestApp(stack.db, { env: { GATEWAY_URL: `http://127.0.0.1:${gatewayPort}` } });
    await proxy.listen({ host: '127.0.0.1', port: 0 });
    for (const port of [gatewayPort, (proxy.server.address() as AddressInfo).port]) {
      const refused: Record<string, string>[] = [
        { origin: 'https://evil.example' },
        { origin: 'null' },
        {},
        { origin: 'http://localhost:8080.evil.example' },
      ];
      for (const headers of refused) {
        expect(await statusOf(voiceUrl(port), headers), `port ${port} ${JSON.stringify(headers)}`).toBe(403);
      }
    }
    // The loopback twin of an allowed origin is the same page.
    const { socket } = await connect(voiceUrl(gatewayPort), 'http://127.0.0.1:8080');
    socket.close();
  });

  it('answers bad frames and messages with clear errors and stays open', async () => {
    const { socket, next } = await connect(voiceUrl(gatewayPort));
    socket.send(Buffer.from([1, 2, 3, 4]));
    expect((await next('error')).message).toMatch(/before audio/);
    socket.send('{not json');
    expect((await next('error')).message).toMatch(/^Malformed control message/);
    socket.send(JSON.stringify({ type: 'start', lang: 'en-IN', sampleRate: 5 }));
    expect((await next('error')).message).toMatch(/sampleRate/);
    socket.send(JSON.stringify({ type: 'stop' }));
    expect((await next('error')).message).toMatch(/Nothing to stop/);
    socket.send(start());
    socket.send(Buffer.from([1, 2, 3]));
    expect((await next('error')).message).toMatch(/whole 16-bit samples/);
    socket.send(start('hi-IN'));
    expect((await next('error')).message).toMatch(/not available in hi-IN yet: the speech engine knows English only/);
    expect(socket.readyState).toBe(WebSocket.OPEN);
    socket.close();
  });

  it('closes a connection that sends an oversized frame', async () => {
    const { socket } = await connect(voiceUrl(gatewayPort));
    socket.send(start());
    const closed = new Promise<number>((resolve) => socket.once('close', resolve));
    socket.send(Buffer.alloc(128 * 1024));
    expect(await closed).toBe(1009);
  });

  it('says plainly when no speech engine is installed', async () => {
    const bare = await buildGateway(loadGatewayConfig({ LOG_LEVEL: 'silent', DATABASE_URL: 'postgresql://127.0.0.1:9/none' }), {
      logger: false,
      recognizer: null,
    });
    afterAll(() => bare.close());
    await bare.listen({ host: '127.0.0.1', port: 0 });
    const { socket, next } = await connect(voiceUrl((bare.server.address() as AddressInfo).port));
    socket.send(start());
    expect((await next('error')).message).toMatch(/no speech engine is installed/);
    socket.close();
  });

  it('caps open sockets per client and in all, telling the one refused why', async () => {
    const capped = await buildGateway(loadGatewayConfig({ LOG_LEVEL: 'silent', DATABASE_URL: 'postgresql://127.0.0.1:9/none' }), {
      logger: false,
      recognizer: null,
      voiceLimits: { maxSocketsPerClient: 2, maxSockets: 3 },
    });
    afterAll(() => capped.close());
    await capped.listen({ host: '127.0.0.1', port: 0 });
    const url = voiceUrl((capped.server.address() as AddressInfo).port);
    const refused = async (client: string) => {
      const { socket, next } = await connect(url, PORTAL_ORIGIN, client);
      const closed = new Promise<number>((resolve) => socket.once('close', resolve));
      const { message } = await next('error');
      return { message, code: await closed };
    };
    const a = [await connect(url, PORTAL_ORIGIN, '127.0.0.71'), await connect(url, PORTAL_ORIGIN, '127.0.0.71')];
    expect(await refused('127.0.0.71')).toEqual({ message: say(TEXTS.voiceTooManySockets), code: 1013 });
    const b = await connect(url, PORTAL_ORIGIN, '127.0.0.72');
    expect(await refused('127.0.0.73')).toEqual({ message: say(TEXTS.voiceBusy), code: 1013 });
    // A closed socket frees its place.
    a[0]!.socket.close();
    await new Promise((resolve) => a[0]!.socket.once('close', resolve));
    await new Promise((resolve) => setTimeout(resolve, 100));
    const again = await connect(url, PORTAL_ORIGIN, '127.0.0.71');
    for (const s of [a[1]!.socket, b.socket, again.socket]) {
      expect(s.readyState).toBe(WebSocket.OPEN);
      s.close();
    }
  });

  it('closes a socket that sends nothing for a while, and says so', async () => {
    const quick = await buildGateway(loadGatewayConfig({ LOG_LEVEL: 'silent', DATABASE_URL: 'postgresql://127.0.0.1:9/none' }), {
      logger: false,
      recognizer: null,
      voiceLimits: { idleMs: 300 },
    });
    afterAll(() => quick.close());
    await quick.listen({ host: '127.0.0.1', port: 0 });
    const { socket, next } = await connect(voiceUrl((quick.server.address() as AddressInfo).port));
    const closed = new Promise<number>((resolve) => socket.once('close', resolve));
    expect((await next('error')).message).toBe('The voice session was closed after 0.3 seconds without audio.');
    expect(await closed).toBe(1000);

    // In the language the page names on the socket's address, with the catalogue key and parameters beside.
    const hindi = await connect(`${voiceUrl((quick.server.address() as AddressInfo).port)}?${VOICE_LANGUAGE_PARAM}=hi`);
    expect(await hindi.next('error')).toEqual({
      type: 'error',
      message: 'बिना ऑडियो के 0.3 सेकंड के बाद आवाज़ सत्र बंद कर दिया गया।',
      key: 'voiceIdle',
      params: { seconds: 0.3 },
    });
  });
});
