import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import {
  FORENSIC_KIND_NAMES,
  FORENSIC_REVIEW_FILTERS,
  type ForensicKind,
  type ForensicPair,
  type ForensicPartner,
} from '@pp/contract';
import { CompanyFilter, FilterSelect, SearchBox } from '../../components/ListFilters.tsx';
import type { Column } from '../../components/DataTable.tsx';
import { ServerTable } from '../../components/ServerTable.tsx';
import { usePageNo } from '../../lib/use-page-no.ts';
import { SEARCH_DELAY_MS, useSettled } from '../../lib/use-settled.ts';
import { href } from '../../routing/routes.ts';
import { comparisonQuery } from './api.ts';
import { PairReview } from './PairReview.tsx';
import { dateTimeOf, dayOf } from '../../lib/dates.ts';

const PAGE_SIZE = 20;
type ReviewFilter = (typeof FORENSIC_REVIEW_FILTERS)[number];

const kindOf = (value: string | null): ForensicKind => FORENSIC_KIND_NAMES.find((k) => k === value) ?? FORENSIC_KIND_NAMES[0]!;

/** One partner of a pair: who it is, when it registered, and its profile on the summary page. */
function PartnerCell({ partner }: { partner: ForensicPartner }) {
  const { t } = useTranslation('staff');
  return (
    <>
      <div className="fw-semibold" data-user-content>
        {partner.organizationName}
      </div>
      <div className="small text-muted">
        <span className="font-monospace">{partner.partnerNumber}</span> · <span data-user-content>{partner.countryName}</span>
      </div>
      <div className="small text-muted">{t('forensics.registered', { date: dayOf(partner.registeredAt) })}</div>
      {partner.accountStatus === 'DISABLED' && <span className="badge text-bg-secondary">{t('forensics.disabled')}</span>}
      {partner.requestNumber && (
        <Link
          className="small d-block"
          to={href('summaryPage', { requestNumber: partner.requestNumber })}
          aria-label={t('forensics.openProfileOf', { name: partner.organizationName })}
        >
          {t('forensics.openProfile')}
        </Link>
      )}
    </>
  );
}

function ReviewCell({ review }: { review: ForensicPair['review'] }) {
  const { t } = useTranslation('staff');
  if (!review) return <span className="badge text-bg-warning">{t('forensics.notReviewed')}</span>;
  return (
    <>
      <span className={`badge ${review.verdict === 'DUPLICATE' ? 'text-bg-danger' : 'text-bg-success'}`}>
        {t(`forensics.verdict.${review.verdict}`)}
      </span>
      <div className="small" data-user-content>
        {review.remarks}
      </div>
      <div className="small text-muted">
        {t('forensics.reviewedBy', { name: review.reviewerName, date: dateTimeOf(review.reviewedAt) })}
      </div>
    </>
  );
}

/**
 * /partnerforensics: the pairs of partners holding one kind of number (the kind in the address,
 * so the dashboard's cards open here), newest first, filtered by company and review, searched on
 * the server; each pair reviewed in place.
 */
export default function PartnerForensicsPage() {
  const { t } = useTranslation('staff');
  const [params, setParams] = useSearchParams();
  const kind = kindOf(params.get('kind'));
  const companyCode = params.get('companyCode') ? Number(params.get('companyCode')) : null;
  const [review, setReview] = useState<ReviewFilter>('open');
  const [search, setSearch] = useState('');
  const [open, setOpen] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const searchTerm = useSettled(search, SEARCH_DELAY_MS);
  const [pageNo, setPageNo] = usePageNo(`${kind}|${companyCode}|${review}|${searchTerm}`);
  const { data: page, isFetching } = useQuery(
    comparisonQuery({ kind, companyCode, review, searchTerm, pageNo, pageSize: PAGE_SIZE }),
  );
  const setParam = (name: string, value: string | null) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (value === null) next.delete(name);
      else next.set(name, value);
      return next;
    });
  const keyOf = (p: ForensicPair) => `${p.value}|${p.first.partnerNumber}|${p.second.partnerNumber}`;

  const columns: Column<ForensicPair>[] = [
    {
      header: t(`forensics.kind.${kind}`),
      cell: (p) => p.value,
      className: 'font-monospace small text-break',
      userContent: true,
    },
    { header: t('forensics.first'), cell: (p) => <PartnerCell partner={p.first} /> },
    { header: t('forensics.second'), cell: (p) => <PartnerCell partner={p.second} /> },
    { header: t('forensics.foundAt'), cell: (p) => dayOf(p.foundAt), className: 'small' },
    { header: t('forensics.reviewColumn'), cell: (p) => <ReviewCell review={p.review} /> },
    {
      header: <span className="visually-hidden">{t('forensics.reviewAction')}</span>,
      cell: (p) => (
        <button
          type="button"
          className="btn btn-outline-primary btn-sm"
          aria-expanded={open === keyOf(p)}
          aria-label={t('forensics.reviewPair', { first: p.first.partnerNumber, second: p.second.partnerNumber })}
          onClick={() => setOpen(open === keyOf(p) ? null : keyOf(p))}
        >
          {open === keyOf(p) ? t('actions.close') : t('forensics.reviewAction')}
        </button>
      ),
    },
  ];

  return (
    <section className="container py-4">
      <h1 className="h3 page-title mb-1">{t('forensics.pairsTitle')}</h1>
      <p className="text-muted">{t('forensics.pairsLead')}</p>
      <nav aria-label={t('forensics.byKind')}>
        <ul className="nav nav-tabs mb-3">
          {FORENSIC_KIND_NAMES.map((k) => (
            <li className="nav-item" key={k}>
              <button
                type="button"
                className={`nav-link${k === kind ? ' active' : ''}`}
                aria-current={k === kind ? 'page' : undefined}
                onClick={() => setParam('kind', k)}
              >
                {t(`forensics.kind.${k}`)}
              </button>
            </li>
          ))}
        </ul>
      </nav>
      <div className="row g-2 mb-3">
        <div className="col-md-4">
          <CompanyFilter
            label={t('forensics.company')}
            anyLabel={t('forensics.allCompanies')}
            value={companyCode}
            onChange={(code) => setParam('companyCode', code === null ? null : String(code))}
          />
        </div>
        <div className="col-md-3">
          <FilterSelect
            label={t('forensics.reviewFilter')}
            anyLabel={t('forensics.review.all')}
            value={review === 'all' ? '' : review}
            options={FORENSIC_REVIEW_FILTERS.filter((f) => f !== 'all')}
            optionLabel={(f) => t(`forensics.review.${f}`)}
            onChange={(f) => setReview(f === '' ? 'all' : f)}
          />
        </div>
        <div className="col-md-5">
          <SearchBox label={t('forensics.search')} value={search} onChange={setSearch} />
        </div>
      </div>
      {notice && (
        <div className="alert alert-success py-2" role="status">
          {notice}
        </div>
      )}
      <ServerTable
        label={t('forensics.pairsOf', { kind: t(`forensics.kind.${kind}`) })}
        page={page}
        fetching={isFetching}
        columns={columns}
        rowKey={keyOf}
        emptyText={t('forensics.noPairs')}
        pageNo={pageNo}
        pageSize={PAGE_SIZE}
        totalText={(count) => t('forensics.total', { count })}
        onPage={setPageNo}
        detail={(p) => (open === keyOf(p) ? <PairReview pair={p} onDone={setNotice} /> : null)}
      />
    </section>
  );
}
