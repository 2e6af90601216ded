import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { Card } from '../../components/Card.tsx';
import { CompanyFilter, SearchBox } from '../../components/ListFilters.tsx';
import { ServerTable } from '../../components/ServerTable.tsx';
import { usePageNo } from '../../lib/use-page-no.ts';
import { SEARCH_DELAY_MS, useSettled } from '../../lib/use-settled.ts';
import { vendorSearchQuery } from './api.ts';
import { dayOf } from '../../lib/dates.ts';
import { VendorView } from './VendorView.tsx';

const PAGE_SIZE = 20;

/**
 * /VendorDetails: the vendor master. The group's partners searched on the server by name, partner
 * number, PAN, GSTIN, mobile or bank account number (the term is read as what it looks like), by
 * company; one partner's master data, where a re-KYC of an approved profile is started. The open
 * partner is in the address (?partnerNumber=).
 */
export default function VendorDetailsPage() {
  const { t } = useTranslation('staff');
  const [params, setParams] = useSearchParams();
  const open = params.get('partnerNumber');
  const [search, setSearch] = useState('');
  const [companyCode, setCompanyCode] = useState<number | null>(null);
  const searchTerm = useSettled(search, SEARCH_DELAY_MS);
  const [pageNo, setPageNo] = usePageNo(`${searchTerm}|${companyCode}`);
  const { data: page, isFetching } = useQuery({
    ...vendorSearchQuery({ searchTerm, companyCode, pageNo, pageSize: PAGE_SIZE }),
    enabled: !open,
  });
  const show = (partnerNumber: string | null) => setParams(partnerNumber ? { partnerNumber } : {});

  return (
    <section className="container py-4">
      <h1 className="h3 page-title mb-1">{t('vendors.title')}</h1>
      <p className="text-muted">{t('vendors.lead')}</p>
      {open ? (
        <VendorView partnerNumber={open} onBack={() => show(null)} />
      ) : (
        <Card id="vendor-search" title={t('vendors.searchTitle')}>
          <div className="row g-2 mb-2">
            <div className="col-md-8">
              <SearchBox label={t('vendors.search')} value={search} onChange={setSearch} />
            </div>
            <div className="col-md-4">
              <CompanyFilter
                label={t('vendors.company')}
                anyLabel={t('vendors.allCompanies')}
                value={companyCode}
                onChange={setCompanyCode}
              />
            </div>
          </div>
          {page?.matchedAs && <p className="small text-muted mb-2">{t(`vendors.matchedAs.${page.matchedAs}`)}</p>}
          <ServerTable
            label={t('vendors.searchTitle')}
            page={page}
            fetching={isFetching}
            rowKey={(v) => v.partnerNumber}
            emptyText={t('vendors.noMatch')}
            columns={[
              {
                header: t('vendors.partnerNumber'),
                cell: (v) => (
                  <button type="button" className="btn btn-link btn-sm p-0 font-monospace" onClick={() => show(v.partnerNumber)}>
                    {v.partnerNumber}
                  </button>
                ),
              },
              { header: t('vendors.name'), cell: (v) => v.organizationName, userContent: true },
              { header: t('vendors.country'), cell: (v) => v.countryName, userContent: true },
              { header: t('vendors.email'), cell: (v) => v.email, userContent: true },
              {
                header: t('vendors.accountStatus'),
                cell: (v) =>
                  v.accountStatus
                    ? t(`vendors.status.${v.accountStatus}` as 'vendors.status.ACTIVE', { defaultValue: v.accountStatus })
                    : '—',
              },
              {
                header: t('vendors.registered'),
                cell: (v) => dayOf(v.registeredAt),
                className: 'text-nowrap',
              },
            ]}
            pageNo={pageNo}
            pageSize={PAGE_SIZE}
            totalText={(count) => t('vendors.total', { count })}
            onPage={setPageNo}
          />
        </Card>
      )}
    </section>
  );
}
