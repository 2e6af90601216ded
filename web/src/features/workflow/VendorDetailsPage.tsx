import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import type { VendorDetail } from '@pp/contract';
import { failureText } from '../../api/client.ts';
import { Card } from '../../components/Card.tsx';
import { CompanyFilter, SearchBox } from '../../components/ListFilters.tsx';
import { Loading } from '../../components/Loading.tsx';
import { Modal } from '../../components/Modal.tsx';
import { ServerTable } from '../../components/ServerTable.tsx';
import { usePageNo } from '../../lib/use-page-no.ts';
import { SEARCH_DELAY_MS, useSettled } from '../../lib/use-settled.ts';
import { href } from '../../routing/routes.ts';
import { useSession } from '../../session/session.ts';
import { reviewQueries } from './api.ts';
import { AdminActions, adminChoicesOf } from './AdminActions.tsx';
import { startRekyc, vendorDetailQuery, vendorKeys, vendorSearchQuery } from './vendor-api.ts';
import { dateTimeOf, dayOf } from '../../lib/dates.ts';

const PAGE_SIZE = 20;
type Profile = VendorDetail['profiles'][number];

/** Starts a re-KYC of one approved profile, with remarks the partner reads, after a confirmation. */
function RekycStart({ vendor, profile, onStarted }: { vendor: VendorDetail; profile: Profile; onStarted: (n: string) => void }) {
  const { t } = useTranslation('staff');
  const client = useQueryClient();
  const [remarks, setRemarks] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const start = useMutation({
    mutationFn: () =>
      startRekyc({
        partnerNumber: vendor.partnerNumber,
        companyCode: profile.companyCode,
        categoryCode: profile.categoryCode,
        ...(remarks.trim() ? { remarks: remarks.trim() } : {}),
      }),
    onMutate: () => setError(null),
    onSuccess: async (status) => {
      onStarted(status.requestNumber);
      setRemarks('');
      await client.invalidateQueries({ queryKey: vendorKeys.all });
    },
    onError: (e) => setError(failureText(e)),
  });
  const id = `rekyc-${profile.companyCode}-${profile.categoryCode}`;
  return (
    <div className="mt-2">
      {error && (
        <div className="alert alert-danger py-1 small" role="alert">
          {error}
        </div>
      )}
      <label htmlFor={id} className="form-label small mb-1">
        {t('vendors.rekycRemarks')}
      </label>
      <div className="d-flex gap-2">
        <input
          id={id}
          className="form-control form-control-sm"
          maxLength={500}
          value={remarks}
          onChange={(e) => setRemarks(e.target.value)}
        />
        <button
          type="button"
          className="btn btn-sm btn-outline-primary text-nowrap"
          disabled={start.isPending}
          onClick={() => setConfirming(true)}
        >
          {t('vendors.startRekyc')}
        </button>
      </div>
      {confirming && (
        <Modal
          title={t('vendors.startRekycTitle')}
          onOk={() => {
            setConfirming(false);
            start.mutate();
          }}
          onCancel={() => setConfirming(false)}
        >
          {t('vendors.startRekycConfirm', { name: vendor.organizationName, company: profile.companyCode })}
        </Modal>
      )}
    </div>
  );
}

/** The drafts the partner saved on its profiles, as an admin reads them before applying one. */
function VendorDrafts({ vendor }: { vendor: VendorDetail }) {
  const { t } = useTranslation('staff');
  const withDrafts = vendor.profiles.filter((p) => p.bankDraft || p.financeDraft);
  if (withDrafts.length === 0) return null;
  const nameOf = (p: Profile) => ({
    company: vendor.companies.find((c) => c.companyCode === p.companyCode)?.companyName ?? p.companyCode,
    business: vendor.companies.find((c) => c.categoryCode === p.categoryCode)?.categoryName ?? p.categoryCode,
  });
  return (
    <Card id="vendor-drafts" title={t('vendors.draftsTitle')} className="card mt-3">
      <p className="small text-muted">{t('vendors.draftsLead')}</p>
      {withDrafts.map((p) => (
        <div key={`${p.companyCode}|${p.categoryCode}`} className="small mb-2">
          <h3 className="h6 mb-1">{t('vendors.draftOf', nameOf(p))}</h3>
          <ul className="mb-0">
            {p.bankDraft && (
              <li>
                <strong>{t('vendors.bankDraft')}</strong>:{' '}
                <span data-user-content>
                  {t('vendors.draftAccount', {
                    accountNumber: p.bankDraft.accountNumber ?? '—',
                    ifsc: p.bankDraft.ifsc ?? '—',
                    holder: p.bankDraft.accountHolderName ?? '—',
                  })}
                </span>{' '}
                <span className="text-muted">({t('vendors.draftSaved', { when: dateTimeOf(p.bankDraft.savedAt) })})</span>
              </li>
            )}
            {p.financeDraft && (
              <li>
                <strong>{t('vendors.financeDraft')}</strong>:{' '}
                <span data-user-content>
                  {p.financeDraft.years
                    .map((y) =>
                      t('vendors.draftYear', {
                        year: y.financialYear,
                        turnover: y.turnover ?? '—',
                        profit: y.profitAfterTax ?? '—',
                      }),
                    )
                    .join('; ')}
                </span>{' '}
                <span className="text-muted">({t('vendors.draftSaved', { when: dateTimeOf(p.financeDraft.savedAt) })})</span>
              </li>
            )}
          </ul>
        </div>
      ))}
    </Card>
  );
}

/**
 * The admin actions of section 6 from the vendor master: on the partner, and on the profile chosen
 * here (its newest request names it), with the profile's rows to pick from; the bank master too.
 */
function VendorAdmin({ vendor }: { vendor: VendorDetail }) {
  const { t } = useTranslation('staff');
  const { role } = useSession();
  const submitted = vendor.profiles.filter((p) => p.requestNumber !== null);
  // The drafts wait on the profile the partner works on: it opens first when it has one.
  const first = submitted.find((p) => p.bankDraft || p.financeDraft) ?? submitted[0];
  const [requestNumber, setRequestNumber] = useState<string | null>(first?.requestNumber ?? null);
  const profile = useQuery({ ...reviewQueries.profile(requestNumber ?? '', true), enabled: requestNumber !== null });
  if (!role) return null;
  return (
    <div className="mt-3">
      {submitted.length === 0 ? (
        <p className="small text-muted">{t('vendors.noProfileToEdit')}</p>
      ) : (
        <div className="mb-2">
          <label htmlFor="vendor-admin-profile" className="form-label small mb-0">
            {t('vendors.adminProfile')}
          </label>
          <select
            id="vendor-admin-profile"
            className="form-select form-select-sm"
            value={requestNumber ?? ''}
            onChange={(e) => setRequestNumber(e.target.value)}
          >
            {submitted.map((p) => (
              <option key={p.requestNumber} value={p.requestNumber!}>
                {p.requestNumber} · {vendor.companies.find((c) => c.companyCode === p.companyCode)?.companyName ?? p.companyCode}{' '}
                · {p.categoryCode}
              </option>
            ))}
          </select>
        </div>
      )}
      <AdminActions
        key={requestNumber ?? 'partner'}
        role={role}
        partnerNumber={vendor.partnerNumber}
        requestNumber={requestNumber}
        address={profile.data?.address ?? null}
        choices={profile.data ? adminChoicesOf(profile.data) : {}}
      />
    </div>
  );
}

/** One partner's master data, and a re-KYC to start on each approved profile. */
function VendorView({ partnerNumber, onBack }: { partnerNumber: string; onBack: () => void }) {
  const { t } = useTranslation('staff');
  const read = useQuery(vendorDetailQuery(partnerNumber));
  const { data: v } = read;
  const [started, setStarted] = useState<string | null>(null);
  if (!v) return <Loading of={read} />;
  const row = (label: string, value: React.ReactNode, userContent = true) => (
    <>
      <dt className="col-sm-4">{label}</dt>
      <dd className="col-sm-8" data-user-content={userContent || undefined}>
        {value ?? '—'}
      </dd>
    </>
  );
  return (
    <div>
      <button type="button" className="btn btn-link px-0 mb-2" onClick={onBack}>
        ← {t('vendors.backToSearch')}
      </button>
      <h2 className="h4 mb-3">
        <span data-user-content>{v.organizationName}</span>{' '}
        <span className="font-monospace text-muted h6">{v.partnerNumber}</span>
      </h2>
      {started && (
        <div className="alert alert-success py-2" role="status">
          {t('vendors.rekycStarted', { requestNumber: started })}
        </div>
      )}
      <div className="row g-3">
        <div className="col-lg-6">
          <Card id="vendor-general" title={t('vendors.general')} className="card h-100">
            <dl className="row small mb-0">
              {row(t('vendors.contact'), v.coordinationPerson)}
              {row(t('vendors.email'), v.email)}
              {row(t('vendors.mobile'), v.mobileNumber)}
              {row(t('vendors.website'), v.website)}
              {row(t('vendors.country'), v.countryName)}
              {row(
                t('vendors.accountStatus'),
                v.accountStatus
                  ? t(`vendors.status.${v.accountStatus}` as 'vendors.status.ACTIVE', { defaultValue: v.accountStatus })
                  : null,
                false,
              )}
              {row(t('vendors.registered'), dayOf(v.registeredAt), false)}
              {row(t('vendors.fleetCard'), v.fleetCardTag ? t('vendors.yes') : t('vendors.no'), false)}
              {row(t('vendors.graceDays'), String(v.graceDays), false)}
              {row(
                t('vendors.drafts'),
                [v.drafts.bank && t('vendors.bankDraft'), v.drafts.finance && t('vendors.financeDraft')]
                  .filter(Boolean)
                  .join(', ') || t('vendors.noDrafts'),
                false,
              )}
            </dl>
          </Card>
        </div>
        <div className="col-lg-6">
          <Card id="vendor-numbers" title={t('vendors.numbers')} className="card h-100">
            {v.identifiers.length === 0 ? (
              <p className="text-muted small mb-0">{t('vendors.noNumbers')}</p>
            ) : (
              <table className="table table-sm small mb-0" aria-label={t('vendors.numbers')}>
                <tbody>
                  {v.identifiers.map((i) => (
                    <tr key={`${i.kind}|${i.value}`}>
                      <th scope="row" className="fw-normal">
                        {t(`vendors.kind.${i.kind}` as 'vendors.kind.PAN', { defaultValue: i.kind })}
                      </th>
                      <td className="font-monospace text-break" data-user-content>
                        {i.value}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </Card>
        </div>
      </div>
      <Card id="vendor-profiles" title={t('vendors.profiles')} className="card mt-3">
        <table className="table table-sm small align-middle" aria-label={t('vendors.profiles')}>
          <thead>
            <tr>
              <th scope="col">{t('vendors.company')}</th>
              <th scope="col">{t('vendors.business')}</th>
              <th scope="col">{t('vendors.profileStatus')}</th>
              <th scope="col">{t('vendors.request')}</th>
            </tr>
          </thead>
          <tbody>
            {v.profiles.map((p) => (
              <tr key={`${p.companyCode}|${p.categoryCode}`}>
                <td translate="no">{v.companies.find((c) => c.companyCode === p.companyCode)?.companyName ?? p.companyCode}</td>
                <td>{v.companies.find((c) => c.categoryCode === p.categoryCode)?.categoryName ?? p.categoryCode}</td>
                <td>{t(`vendors.profile.${p.status}` as 'vendors.profile.Edit', { defaultValue: p.status })}</td>
                <td>
                  {p.requestNumber ? (
                    <>
                      <Link className="font-monospace" to={href('summaryPage', { requestNumber: p.requestNumber })}>
                        {p.requestNumber}
                      </Link>{' '}
                      {p.state && (
                        <span className="text-muted">
                          · {t(`state.${p.state}` as 'state.APPROVED', { defaultValue: p.state })}
                        </span>
                      )}
                    </>
                  ) : (
                    '—'
                  )}
                  {p.rekycAllowed && <RekycStart vendor={v} profile={p} onStarted={setStarted} />}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </Card>
      <VendorDrafts vendor={v} />
      <VendorAdmin vendor={v} />
    </div>
  );
}

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
