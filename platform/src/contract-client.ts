import type { z } from 'zod';
import { endpointUrl, type Endpoint, type ErrorBody } from '@pp/contract';

/** A call that did not answer 200: the status and the failure body, when there was one. */
export class ContractCallError extends Error {
  constructor(
    readonly status: number,
    readonly body: Partial<ErrorBody> | null,
  ) {
    super(`answered ${status}${body?.failureMessage ? `: ${body.failureMessage}` : ''}`);
    this.name = 'ContractCallError';
  }
}

type In<T> = [Exclude<T, undefined>] extends [never]
  ? undefined
  : Exclude<T, undefined> extends z.ZodType
    ? z.input<Exclude<T, undefined>>
    : undefined;

export interface ContractCall<E extends Endpoint> {
  params?: Record<string, string | number>;
  query?: In<E['query']>;
  body?: In<E['body']>;
  headers?: Record<string, string>;
}

/**
 * A typed client of contract endpoints for one service (a server-side caller such as the gateway):
 * the URL comes from the contract and the success body is checked against the endpoint's schema.
 */
export function createContractClient(baseUrl: string, options: { timeoutMs: number }) {
  return async function call<E extends Endpoint>(endpoint: E, input: ContractCall<E> = {}): Promise<z.output<E['response']>> {
    const url = `${baseUrl.replace(/\/$/, '')}${endpointUrl(endpoint, {
      ...(input.params ? { params: input.params } : {}),
      ...(input.query ? { query: input.query } : {}),
    })}`;
    const res = await fetch(url, {
      method: endpoint.method,
      headers: {
        Accept: 'application/json',
        ...(input.body !== undefined ? { 'Content-Type': 'application/json' } : {}),
        ...input.headers,
      },
      ...(input.body !== undefined ? { body: JSON.stringify(input.body) } : {}),
      signal: AbortSignal.timeout(options.timeoutMs),
    });
    const body: unknown = await res.json().catch(() => null);
    if (res.status !== 200) throw new ContractCallError(res.status, body as Partial<ErrorBody> | null);
    return endpoint.response.parse(body) as z.output<E['response']>;
  };
}
export type ContractClient = ReturnType<typeof createContractClient>;
