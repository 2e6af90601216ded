import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  ADMIN_ACTION_NAMES,
  ADMIN_ACTION_PERMISSIONS,
  type AdminActionName,
  hasPermission,
  type ReviewedProfile,
  type UserRole,
} from '@pp/contract';
import { adminAuditQuery } from './review-api.ts';
import { BankMasterForm } from './BankMasterForm.tsx';
import { dateTimeOf } from '../lib/dates.ts';
import { ActionForm, BANK_MASTER, FORMS, type ChoiceLists } from './AdminActionForm.tsx';

/** The rows of a reviewed profile the request actions pick from: its bank accounts, GSTINs, certificates. */
export function adminChoicesOf(p: ReviewedProfile): ChoiceLists {
  return {
    bankAccountId: (p.lists?.bankAccounts ?? []).map((b) => ({
      value: String(b.id),
      label: `${b.accountNumber ?? ''} · ${b.accountHolderName ?? ''}`,
    })),
    gstin: (p.lists?.gstins ?? []).flatMap((g) => (g.gstin ? [{ value: g.gstin, label: g.gstin }] : [])),
    questionId: (p.questions ?? []).flatMap((q) =>
      q.answer?.expiryDate ? [{ value: String(q.questionId), label: `${q.text} (${q.answer.expiryDate})` }] : [],
    ),
  };
}

/**
 * The admin actions of section 6 the signed-in role may take on this partner and request, one
 * form at a time, with the audit of what was done before.
 */
export function AdminActions({
  role,
  partnerNumber,
  requestNumber,
  address,
  choices,
}: {
  role: UserRole;
  partnerNumber: string;
  requestNumber: string | null;
  /** The profile's registered address, which its correction starts from. */
  address: Partial<Record<string, unknown>> | null;
  /** The rows a 'choice' field picks from, by field name. */
  choices: ChoiceLists;
}) {
  const { t } = useTranslation('staff');
  // Without a request (a partner that never submitted), only the actions on the partner itself.
  const allowed = ADMIN_ACTION_NAMES.filter(
    (a) => hasPermission(role, ADMIN_ACTION_PERMISSIONS[a]) && (requestNumber !== null || FORMS[a].target !== 'request'),
  );
  const bankMaster = hasPermission(role, 'allowAdminAddBank');
  const [action, setAction] = useState<AdminActionName | typeof BANK_MASTER | ''>('');
  const audit = useQuery({ ...adminAuditQuery(partnerNumber), enabled: hasPermission(role, 'allowEditVendorMaster') });
  if (allowed.length === 0 && !bankMaster) return null;
  return (
    <section className="card mb-3" aria-labelledby="sum-admin">
      <div className="card-body">
        <h2 id="sum-admin" className="h5">
          {t('admin.title')}
        </h2>
        <label htmlFor="admin-action" className="form-label small mb-0">
          {t('admin.action')}
        </label>
        <select
          id="admin-action"
          className="form-select form-select-sm mb-2"
          value={action}
          onChange={(e) => setAction(e.target.value as AdminActionName | typeof BANK_MASTER | '')}
        >
          <option value="">{t('admin.choose')}</option>
          {allowed.map((a) => (
            <option key={a} value={a}>
              {t(`admin.action.${a}`)}
            </option>
          ))}
          {bankMaster && <option value={BANK_MASTER}>{t('admin.action.saveBankMaster')}</option>}
        </select>
        {action === BANK_MASTER && <BankMasterForm />}
        {action && action !== BANK_MASTER && (
          <ActionForm
            key={action}
            action={action}
            target={{ partnerNumber, requestNumber: requestNumber ?? '' }}
            address={address}
            choices={choices}
          />
        )}
        {audit.data && audit.data.items.length > 0 && (
          <>
            <h3 className="h6 mt-3">{t('admin.audit')}</h3>
            <ul className="small mb-0" aria-label={t('admin.audit')}>
              {audit.data.items.map((r) => (
                <li key={r.id}>
                  {dateTimeOf(r.createdAt)} · {t(`admin.action.${r.action as AdminActionName}`)} · {r.actorName}
                  {r.remarks ? ` · ${r.remarks}` : ''}
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
    </section>
  );
}
