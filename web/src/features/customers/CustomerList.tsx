import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Card } from '../../components/Card.tsx';
import { CompanyFilter, SearchBox } from '../../components/ListFilters.tsx';
import { ServerTable } from '../../components/ServerTable.tsx';
import { usePageNo } from '../../lib/use-page-no.ts';
import { SEARCH_DELAY_MS, useSettled } from '../../lib/use-settled.ts';
import { customerListQuery } from './api.ts';
import { dayOf } from '../../lib/dates.ts';

const PAGE_SIZE = 20;

/** The customers, searched on the server by name, customer number or PAN, by company. */
export function CustomerList({
  onOpen,
  companyCode: initialCompany,
}: {
  onOpen: (requestNumber: string) => void;
  companyCode: number | null;
}) {
  const { t } = useTranslation('staff');
  const [search, setSearch] = useState('');
  const [companyCode, setCompanyCode] = useState<number | null>(initialCompany);
  const searchTerm = useSettled(search, SEARCH_DELAY_MS);
  const [pageNo, setPageNo] = usePageNo(`${searchTerm}|${companyCode}`);
  const { data: page, isFetching } = useQuery(customerListQuery({ searchTerm, companyCode, pageNo, pageSize: PAGE_SIZE }));
  return (
    <Card id="customer-list" title={t('customers.listTitle')}>
      <div className="row g-2 mb-2">
        <div className="col-md-8">
          <SearchBox label={t('customers.search')} value={search} onChange={setSearch} />
        </div>
        <div className="col-md-4">
          <CompanyFilter
            label={t('customers.company')}
            anyLabel={t('customers.allCompanies')}
            value={companyCode}
            onChange={setCompanyCode}
          />
        </div>
      </div>
      <ServerTable
        label={t('customers.listTitle')}
        page={page}
        fetching={isFetching}
        rowKey={(c) => c.customerNumber}
        emptyText={searchTerm ? t('customers.noMatch') : t('customers.empty')}
        columns={[
          {
            header: t('customers.customerNumber'),
            cell: (c) => (
              <button type="button" className="btn btn-link btn-sm p-0 font-monospace" onClick={() => onOpen(c.requestNumber)}>
                {c.customerNumber}
              </button>
            ),
          },
          { header: t('customers.name'), cell: (c) => c.name, userContent: true },
          { header: t('customers.pan'), cell: (c) => c.pan ?? '—', className: 'font-monospace' },
          { header: t('customers.state'), cell: (c) => t(`state.${c.state}`) },
          {
            header: t('customers.registered'),
            cell: (c) => dayOf(c.createdAt),
            className: 'text-nowrap',
          },
        ]}
        pageNo={pageNo}
        pageSize={PAGE_SIZE}
        totalText={(count) => t('customers.total', { count })}
        onPage={setPageNo}
      />
    </Card>
  );
}
