import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { encryptId, partnerQueryEndpoints, type PartnerQuerySource, type PartnerQueryState } from '@pp/contract';
import { callData } from '../../api/client.ts';
import { partnerQueryKeys } from '../../api/partner-queries.ts';

export interface PartnerQueryFilter {
  companyCode: number | null;
  state: PartnerQueryState | '';
  source: PartnerQuerySource | '';
  searchTerm: string;
  pageNo: number;
  pageSize: number;
}

/** The staff list; the company goes encrypted, as the contract's encCompanyCode does. */
export const partnerQueryListQuery = (f: PartnerQueryFilter) =>
  queryOptions({
    queryKey: [...partnerQueryKeys.all, 'list', f],
    queryFn: () =>
      callData(partnerQueryEndpoints.list, {
        query: {
          pageNo: f.pageNo,
          pageSize: f.pageSize,
          ...(f.companyCode === null ? {} : { encCompanyCode: encryptId(f.companyCode) }),
          ...(f.state ? { state: f.state } : {}),
          ...(f.source ? { source: f.source } : {}),
          ...(f.searchTerm.trim() ? { searchTerm: f.searchTerm.trim() } : {}),
        },
      }),
    placeholderData: keepPreviousData,
  });
