import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { VendorDetail } from '@pp/contract';
import { failureText } from '../../api/client.ts';
import { Card } from '../../components/Card.tsx';
import { Modal } from '../../components/Modal.tsx';
import { useSession } from '../../session/session.ts';
import { reviewQueries } from '../../review/review-api.ts';
import { AdminActions, adminChoicesOf } from '../../review/AdminActions.tsx';
import { startRekyc, vendorKeys } from './api.ts';
import { dateTimeOf } from '../../lib/dates.ts';

type Profile = VendorDetail['profiles'][number];

/** Starts a re-KYC of one approved profile, with remarks the partner reads, after a confirmation. */
export function RekycStart({
  vendor,
  profile,
  onStarted,
}: {
  vendor: VendorDetail;
  profile: Profile;
  onStarted: (n: string) => void;
}) {
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
export function VendorDrafts({ vendor }: { vendor: VendorDetail }) {
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
export function VendorAdmin({ vendor }: { vendor: VendorDetail }) {
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
