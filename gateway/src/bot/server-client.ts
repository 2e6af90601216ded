import { type z } from 'zod';
import {
  INTERNAL_TOKEN_HEADER,
  api,
  type chatbotQueryBodySchema,
  type CompanyMappingEntry,
  type PartnerInfo,
} from '@pp/contract';
import { ContractCallError, createContractClient, type ContractClient } from '@pp/platform';

const TIMEOUT_MS = 3_000;

/** The gateway's calls to the API server, through the contract: a partner's own data (with their bearer) and callback requests. */
export class ServerClient {
  private readonly call: ContractClient;

  constructor(
    baseUrl: string,
    private readonly internalToken: string,
  ) {
    this.call = createContractClient(baseUrl, { timeoutMs: TIMEOUT_MS });
  }

  /** The partner's details and companies, or null when the bearer is not a live partner session. */
  async partnerOverview(bearer: string): Promise<{ info: PartnerInfo; companies: CompanyMappingEntry[] } | null> {
    const headers = { Authorization: `Bearer ${bearer}` };
    try {
      const info = (await this.call(api.partner.info, { headers })).response;
      const companies = (await this.call(api.partner.companyAndCategory, { headers })).response;
      return { info, companies };
    } catch (error) {
      if (error instanceof ContractCallError) return null;
      throw error;
    }
  }

  /** Records a callback request; with the visitor's bearer, the server links it to that partner. */
  async recordCallback(body: z.input<typeof chatbotQueryBodySchema>, bearer: string | null): Promise<string> {
    const answer = await this.call(api.queries.insertPartnerQueryEntry, {
      query: { source: 'CHATBOT' },
      body,
      headers: { [INTERNAL_TOKEN_HEADER]: this.internalToken, ...(bearer ? { Authorization: `Bearer ${bearer}` } : {}) },
    });
    return answer.response.referenceNumber;
  }
}
