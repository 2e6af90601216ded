import type { FastifyInstance, FastifyRequest } from 'fastify';
import { TEXTS, isLoopbackAddress } from '@pp/contract';
import { NotFound } from '@pp/platform';
import type { DevAccess } from '../config.ts';

/** Headers a proxy adds to say whom it forwards for: their presence means the socket's peer is not the client. */
const PROXY_HEADERS = ['forwarded', 'x-forwarded-for', 'x-real-ip'] as const;

const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;

/** The host name a request was addressed to (its Host header without the port), lowercased; null without one. */
export function hostNameOf(host: string | undefined): string | null {
  if (!host) return null;
  const name = host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : host.split(':')[0]!;
  return name.toLowerCase().replace(/\.$/, '');
}

/**
 * Whether a Host may reach a dev-only service. A DNS-rebinding page reaches this machine under its
 * own domain name, which its browser sends as Host: an address (IPv4, or IPv6 in brackets) or a
 * `localhost` name cannot be one, so only the names the operator lists (DEV_HOSTS) are let in besides.
 */
export function isDevHost(host: string | undefined, devHosts: readonly string[]): boolean {
  const name = hostNameOf(host);
  if (name === null) return true;
  if (IPV4.test(name) || name.startsWith('[')) return true;
  if (name === 'localhost' || name.endsWith('.localhost')) return true;
  return devHosts.includes(name);
}

const listed = (value: string | string[] | undefined) =>
  (Array.isArray(value) ? value.join(',') : (value ?? ''))
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/**
 * Whether the client is on this machine. The socket's peer must be loopback; a request that came
 * through a proxy (any of its headers) counts only through the trusted hops (TRUST_PROXY_HOPS), and
 * then only if every address on that path is loopback too: a same-host proxy in front of the server
 * forwards strangers from loopback, and a client that reaches the server directly can write
 * `X-Forwarded-For: 127.0.0.1` itself, but the hop the server trusts appends the real address after it.
 */
export function isLocalClient(request: FastifyRequest, trustProxyHops: number): boolean {
  if (!isLoopbackAddress(request.socket.remoteAddress)) return false;
  if (!PROXY_HEADERS.some((name) => request.headers[name] !== undefined)) return true;
  if (trustProxyHops === 0) return false;
  const forwardedFor = listed(request.headers['x-forwarded-for']);
  // Another proxy header alone: the trusted hop did not say whom it forwards for.
  if (forwardedFor.length === 0) return false;
  return forwardedFor.slice(-trustProxyHops).every((address) => isLoopbackAddress(address));
}

/**
 * The guard of a dev-only service (the mailbox, the developer controls), on every route of the
 * scope it is added to: a request it refuses is answered as if the route did not exist, so a
 * stranger learns nothing about it.
 */
export function guardDevService(app: FastifyInstance, access: Exclude<DevAccess, 'off'>, what: string) {
  const { trustProxyHops, devHosts } = app.config;
  if (access === 'open') app.log.warn(`${what} answers every client: anyone who reaches it can read or change what it holds`);
  app.addHook('onRequest', async (request) => {
    const refused =
      !isDevHost(request.headers.host, devHosts) || (access === 'loopback' && !isLocalClient(request, trustProxyHops));
    if (refused) throw NotFound(TEXTS.routeNotFound(request.method, request.url));
  });
}
