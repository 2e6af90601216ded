import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import {
  PARTNER_QUERY_SOURCES,
  PARTNER_QUERY_STATES,
  type PartnerQueryDetail,
  type PartnerQuerySource,
  type PartnerQueryState,
} from '@pp/contract';
import { partnerQueryQuery } from '../../api/partner-queries.ts';
import { partnerQueryListQuery } from './api.ts';
import { Card } from '../../components/Card.tsx';
import { FileLink } from '../../components/FileLink.tsx';
import { CompanyFilter, FilterSelect, SearchBox } from '../../components/ListFilters.tsx';
import { Loading } from '../../components/Loading.tsx';
import { ServerTable } from '../../components/ServerTable.tsx';
import { QueryConversation, QueryStateBadge } from '../../forms/QueryConversation.tsx';
import { usePageNo } from '../../lib/use-page-no.ts';
import { SEARCH_DELAY_MS, useSettled } from '../../lib/use-settled.ts';
import { dateTimeOf, dayOf } from '../../lib/dates.ts';

const PAGE_SIZE = 20;

/** Who asked, how to reach them, where from, and what they asked (with the file they attached). */
function QueryHeader({ query }: { query: PartnerQueryDetail }) {
  const { t } = useTranslation('staff');
  const row = (label: string, value: React.ReactNode, userContent = true) => (
    <>
      <dt className="col-sm-3">{label}</dt>
      <dd className="col-sm-9" data-user-content={userContent || undefined}>
        {value}
      </dd>
    </>
  );
  return (
    <dl className="row small mb-0">
      {row(t('queries.askedBy'), query.displayName)}
      {query.companyName && row(t('queries.companyName'), query.companyName)}
      {query.partnerNumber && row(t('queries.partnerNumber'), <span className="font-monospace">{query.partnerNumber}</span>)}
      {row(t('queries.email'), query.email)}
      {query.mobileNumber && row(t('queries.mobile'), query.mobileNumber)}
      {row(t('queries.source'), t(`queries.sourceName.${query.source}`), false)}
      {row(t('queries.askedOn'), dateTimeOf(query.createdAt), false)}
      {query.siteUrl && row(t('queries.askedFrom'), <span className="font-monospace">{query.siteUrl}</span>)}
      {row(
        t('queries.message'),
        <span style={{ whiteSpace: 'pre-wrap' }} data-user-content>
          {query.message}
        </span>,
        false,
      )}
      {query.attachment && row(t('queries.attachment'), <FileLink file={query.attachment} />, false)}
    </dl>
  );
}

function QueryView({ referenceNumber, onBack }: { referenceNumber: string; onBack: () => void }) {
  const { t } = useTranslation('staff');
  const read = useQuery(partnerQueryQuery(referenceNumber));
  const { data: query } = read;
  return (
    <div>
      <button type="button" className="btn btn-link px-0 mb-2" onClick={onBack}>
        ← {t('queries.backToList')}
      </button>
      {!query ? (
        <Loading of={read} />
      ) : (
        <div className="card shadow-sm">
          <div className="card-body">
            <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
              <h2 className="h5 mb-0 font-monospace">{query.referenceNumber}</h2>
              <QueryStateBadge state={query.state} />
            </div>
            <QueryHeader query={query} />
            <hr />
            <QueryConversation query={query} />
          </div>
        </div>
      )}
    </div>
  );
}

/**
 * /PartnerQueries: the support form's queries and the chat's callback requests, newest first,
 * filtered by company, state and source and searched on the server; one query with who asked,
 * the file attached, the chat before a callback and the replies, answered (e-mailed to the
 * partner), resolved or closed in place. The open query is in the address (?query=).
 */
export default function PartnerQueriesPage() {
  const { t } = useTranslation(['staff', 'common']);
  const [params, setParams] = useSearchParams();
  const open = params.get('query');
  const [companyCode, setCompanyCode] = useState<number | null>(null);
  const [state, setState] = useState<PartnerQueryState | ''>('OPEN');
  const [source, setSource] = useState<PartnerQuerySource | ''>('');
  const [search, setSearch] = useState('');
  const searchTerm = useSettled(search, SEARCH_DELAY_MS);
  const [pageNo, setPageNo] = usePageNo(`${companyCode}|${state}|${source}|${searchTerm}`);
  const { data: page, isFetching } = useQuery({
    ...partnerQueryListQuery({ companyCode, state, source, searchTerm, pageNo, pageSize: PAGE_SIZE }),
    enabled: !open,
  });
  const show = (reference: string | null) => setParams(reference ? { query: reference } : {});

  return (
    <section className="container py-4">
      <h1 className="h3 page-title mb-1">{t('queries.title')}</h1>
      <p className="text-muted">{t('queries.lead')}</p>
      {open ? (
        <QueryView referenceNumber={open} onBack={() => show(null)} />
      ) : (
        <Card id="query-list" title={t('queries.listTitle')}>
          <div className="row g-2 mb-3">
            <div className="col-md-3">
              <CompanyFilter
                label={t('queries.company')}
                anyLabel={t('queries.allCompanies')}
                value={companyCode}
                onChange={setCompanyCode}
              />
            </div>
            <div className="col-md-2">
              <FilterSelect
                label={t('queries.state')}
                anyLabel={t('queries.anyState')}
                value={state}
                options={PARTNER_QUERY_STATES}
                optionLabel={(s) => t(`common:partnerQuery.state.${s}`)}
                onChange={setState}
              />
            </div>
            <div className="col-md-3">
              <FilterSelect
                label={t('queries.source')}
                anyLabel={t('queries.anySource')}
                value={source}
                options={PARTNER_QUERY_SOURCES}
                optionLabel={(s) => t(`queries.sourceName.${s}`)}
                onChange={setSource}
              />
            </div>
            <div className="col-md-4">
              <SearchBox label={t('queries.search')} value={search} onChange={setSearch} />
            </div>
          </div>
          <ServerTable
            label={t('queries.listTitle')}
            page={page}
            fetching={isFetching}
            rowKey={(q) => q.referenceNumber}
            emptyText={t('queries.noMatch')}
            columns={[
              {
                header: t('queries.reference'),
                cell: (q) => (
                  <button
                    type="button"
                    className="btn btn-link btn-sm p-0 font-monospace"
                    onClick={() => show(q.referenceNumber)}
                  >
                    {q.referenceNumber}
                  </button>
                ),
              },
              {
                header: t('queries.askedBy'),
                cell: (q) => (
                  <>
                    <div data-user-content>{q.displayName}</div>
                    <div className="text-muted" data-user-content>
                      {[q.companyName, q.partnerNumber].filter(Boolean).join(' · ')}
                    </div>
                  </>
                ),
              },
              {
                header: t('queries.message'),
                cell: (q) => (
                  <div className="text-truncate" style={{ maxWidth: 280 }}>
                    {q.message}
                  </div>
                ),
                userContent: true,
              },
              { header: t('queries.source'), cell: (q) => t(`queries.sourceName.${q.source}`) },
              { header: t('queries.state'), cell: (q) => <QueryStateBadge state={q.state} /> },
              { header: t('queries.askedOn'), cell: (q) => dayOf(q.createdAt), className: 'text-nowrap' },
              {
                header: t('queries.lastMessage'),
                cell: (q) => dayOf(q.lastMessageAt),
                className: 'text-nowrap',
              },
            ]}
            pageNo={pageNo}
            pageSize={PAGE_SIZE}
            totalText={(count) => t('queries.total', { count })}
            onPage={setPageNo}
          />
        </Card>
      )}
    </section>
  );
}
