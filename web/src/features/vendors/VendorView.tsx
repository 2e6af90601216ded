import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Card } from '../../components/Card.tsx';
import { Loading } from '../../components/Loading.tsx';
import { href } from '../../routing/routes.ts';
import { vendorDetailQuery } from './api.ts';
import { dayOf } from '../../lib/dates.ts';
import { RekycStart, VendorDrafts, VendorAdmin } from './VendorActions.tsx';

/** One partner's master data, and a re-KYC to start on each approved profile. */
export function VendorView({ partnerNumber, onBack }: { partnerNumber: string; onBack: () => void }) {
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
