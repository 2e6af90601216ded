import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { RFQ_KINDS, RFQ_STATUSES, type RfqItem, type RfqKind, type RfqStatus } from '@pp/contract';
import { FIGURES, type Column } from '../../components/DataTable.tsx';
import { FilterSelect, SearchBox } from '../../components/ListFilters.tsx';
import { ServerTable } from '../../components/ServerTable.tsx';
import { rupeesExact as rupees } from '../../lib/money.ts';
import { usePageNo } from '../../lib/use-page-no.ts';
import { SEARCH_DELAY_MS, useSettled } from '../../lib/use-settled.ts';
import { dateTimeOf } from '../../lib/dates.ts';
import { indianNumber } from '../../lib/numbers.ts';
import { rfqListQuery } from './api.ts';
import { RfqView, StatusBadge } from './RfqView.tsx';

const PAGE_SIZE = 20;

/**
 * /partnerauctions (E-Bids & E-Auctions): the RFQs and reverse auctions open to the partner's
 * businesses in the session's company, paged and searched on the server; one of them with the
 * partner's bids and, while it is open, the bid box. Which one shows is in the address (?rfq=).
 */
export default function AuctionsPage() {
  const { t } = useTranslation(['partner', 'routes']);
  const [params, setParams] = useSearchParams();
  const open = params.get('rfq');
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<RfqStatus | ''>('OPEN');
  const [kind, setKind] = useState<RfqKind | ''>('');
  const searchTerm = useSettled(search, SEARCH_DELAY_MS);
  const [pageNo, setPageNo] = usePageNo(`${searchTerm}|${status}|${kind}`);
  const { data: page, isFetching } = useQuery(
    rfqListQuery({
      page: pageNo,
      size: PAGE_SIZE,
      ...(searchTerm ? { searchTerm } : {}),
      ...(status ? { status } : {}),
      ...(kind ? { kind } : {}),
    }),
  );

  const columns: Column<RfqItem>[] = [
    {
      header: t('rfq.number'),
      cell: (r) => (
        <>
          <button
            type="button"
            className="btn btn-link btn-sm p-0 font-monospace"
            onClick={() => setParams({ rfq: r.rfqNumber })}
          >
            {r.rfqNumber}
          </button>
          <div className="text-muted">{t(`rfq.kind.${r.kind}`)}</div>
        </>
      ),
    },
    {
      header: t('rfq.title'),
      cell: (r) => (
        <>
          <div data-user-content>{r.title}</div>
          <div className="text-muted">{r.categoryName}</div>
        </>
      ),
    },
    {
      header: t('rfq.quantity'),
      cell: (r) => t('rfq.quantityOf', { quantity: indianNumber(r.quantity), unit: r.unit }),
      className: 'text-nowrap',
    },
    { header: t('rfq.closing'), cell: (r) => dateTimeOf(r.closingAt), className: 'text-nowrap' },
    { header: t('rfq.myBid'), cell: (r) => (r.myBid === null ? '—' : rupees(r.myBid)), ...FIGURES },
    {
      header: t('rfq.lowestBid'),
      cell: (r) => (r.kind === 'AUCTION' ? (r.lowestBid === null ? '—' : rupees(r.lowestBid)) : t('rfq.sealed')),
      ...FIGURES,
    },
    { header: t('rfq.statusFilter'), cell: (r) => <StatusBadge status={r.status} /> },
  ];

  return (
    <section className="container-fluid py-3">
      <h1 className="h4 page-title mb-1">{t('routes:title.partnerAuctions')}</h1>
      <p className="text-muted small">{t('rfq.lead')}</p>
      {open ? (
        <RfqView rfqNumber={open} onBack={() => setParams({})} />
      ) : (
        <>
          <div className="row g-2 mb-3">
            <div className="col-12 col-md-6">
              <SearchBox label={t('rfq.search')} value={search} onChange={setSearch} />
            </div>
            <div className="col-6 col-md-3">
              <FilterSelect
                label={t('rfq.statusFilter')}
                anyLabel={t('rfq.anyStatus')}
                value={status}
                options={RFQ_STATUSES}
                optionLabel={(s) => t(`rfq.status.${s}`)}
                onChange={setStatus}
              />
            </div>
            <div className="col-6 col-md-3">
              <FilterSelect
                label={t('rfq.kindFilter')}
                anyLabel={t('rfq.anyKind')}
                value={kind}
                options={RFQ_KINDS}
                optionLabel={(k) => t(`rfq.kind.${k}`)}
                onChange={setKind}
              />
            </div>
          </div>
          <ServerTable
            label={t('routes:title.partnerAuctions')}
            page={page}
            fetching={isFetching}
            columns={columns}
            rowKey={(rfq) => rfq.rfqNumber}
            emptyText={searchTerm || kind ? t('rfq.noMatch') : t('rfq.empty')}
            pageNo={pageNo}
            pageSize={PAGE_SIZE}
            totalText={(count) => t('rfq.total', { count })}
            onPage={setPageNo}
          />
        </>
      )}
    </section>
  );
}
