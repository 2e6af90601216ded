import { INTERNAL_TOKEN_HEADER, PARTNER_API_PREFIX, type CompanyMappingEntry, type PartnerInfo } from '@pp/contract';

const TIMEOUT_MS = 3_000;

/** The gateway's calls to the API server: a partner's own data (with their bearer) and callback requests. */
export class ServerClient {
  constructor(
    private readonly baseUrl: string,
    private readonly internalToken: string,
  ) {}

  private async request<T>(method: string, path: string, headers: Record<string, string>, body?: unknown): Promise<T | null> {
    const res = await fetch(`${this.baseUrl}${PARTNER_API_PREFIX}${path}`, {
      method,
      headers: { Accept: 'application/json', ...(body ? { 'Content-Type': 'application/json' } : {}), ...headers },
      body: body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (!res.ok) return null;
    return ((await res.json()) as { response: T }).response;
  }

  /** The partner's details and companies, or null when the bearer is not a live partner session. */
  async partnerOverview(bearer: string): Promise<{ info: PartnerInfo; companies: CompanyMappingEntry[] } | null> {
    const auth = { Authorization: `Bearer ${bearer}` };
    const info = await this.request<PartnerInfo>('GET', '/api/partner/info', auth);
    if (!info) return null;
    const companies = (await this.request<CompanyMappingEntry[]>('GET', '/api/companyMapping/companyAndCategory', auth)) ?? [];
    return { info, companies };
  }

  async recordCallback(body: {
    displayName: string;
    companyName: string;
    mobileNumber: string;
    partnerEmailId: string;
    message: string;
  }) {
    const answer = await this.request<{ referenceNumber: string }>(
      'POST',
      '/api/partnerqueries/vfacing/insertPartnerQueryEntry?source=CHATBOT',
      { [INTERNAL_TOKEN_HEADER]: this.internalToken },
      body,
    );
    if (!answer) throw new Error('the server did not record the callback request');
    return answer.referenceNumber;
  }
}
