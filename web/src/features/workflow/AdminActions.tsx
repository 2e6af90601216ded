import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  ADMIN_ACTION_NAMES,
  ADMIN_ACTION_PERMISSIONS,
  ADMIN_STATUTORY_FIELDS,
  api,
  hasPermission,
  type AdminActionName,
  type UserRole,
} from '@pp/contract';
import { call, failureText } from '../../api/client.ts';
import { FormAlert } from '../../forms/fields.tsx';
import { adminAuditQuery, workflowKeys } from './api.ts';

/** 'choice': one of the profile's own rows (bank accounts, GSTINs, certificates), given by the page. */
type Kind = 'text' | 'number' | 'date' | 'checkbox' | 'select' | 'choice';
interface FieldSpec {
  /** The body's key; `address.line1` builds a nested object. */
  name: string;
  kind: Kind;
  options?: readonly string[];
  optional?: boolean;
}

/** What each action asks besides its target (the page's partner or request) and the remarks. */
const FORMS: Record<AdminActionName, { target: 'partner' | 'request' | 'into'; fields: FieldSpec[] }> = {
  changeCompanyName: { target: 'partner', fields: [{ name: 'organizationName', kind: 'text' }] },
  changeCountry: { target: 'partner', fields: [{ name: 'countryCode', kind: 'number' }] },
  changeStatus: { target: 'partner', fields: [{ name: 'status', kind: 'select', options: ['ACTIVE', 'DISABLED'] }] },
  changeStatutory: {
    target: 'request',
    fields: [
      { name: 'field', kind: 'select', options: ADMIN_STATUTORY_FIELDS },
      { name: 'value', kind: 'text' },
    ],
  },
  changePan: { target: 'request', fields: [{ name: 'pan', kind: 'text' }] },
  mergeAccounts: { target: 'into', fields: [{ name: 'fromPartnerNumber', kind: 'text' }] },
  paymentInFavourOf: {
    target: 'request',
    fields: [
      { name: 'bankAccountId', kind: 'choice' },
      { name: 'accountHolderName', kind: 'text' },
    ],
  },
  contact: {
    target: 'partner',
    fields: [
      { name: 'coordinationPerson', kind: 'text', optional: true },
      { name: 'email', kind: 'text', optional: true },
      { name: 'mobileNumber', kind: 'text', optional: true },
    ],
  },
  resendActivationMail: { target: 'partner', fields: [] },
  resetDefaultPassword: { target: 'partner', fields: [] },
  deleteDuplicatePartner: { target: 'partner', fields: [{ name: 'duplicateOfPartnerNumber', kind: 'text' }] },
  syncProfile: { target: 'partner', fields: [] },
  activateGst: { target: 'request', fields: [{ name: 'gstin', kind: 'choice' }] },
  extendDocument: {
    target: 'request',
    fields: [
      { name: 'questionId', kind: 'choice' },
      { name: 'expiryDate', kind: 'date' },
    ],
  },
  updateGracePeriod: { target: 'partner', fields: [{ name: 'graceDays', kind: 'number' }] },
  sendBackOnboardingDocument: { target: 'request', fields: [{ name: 'document', kind: 'text' }] },
  fleetCardTag: { target: 'partner', fields: [{ name: 'tagged', kind: 'checkbox' }] },
  registeredAddress: {
    target: 'request',
    fields: [
      { name: 'address.line1', kind: 'text' },
      { name: 'address.line2', kind: 'text', optional: true },
      { name: 'address.countryCode', kind: 'number' },
      { name: 'address.stateId', kind: 'number' },
      { name: 'address.cityId', kind: 'number' },
      { name: 'address.postalCode', kind: 'text' },
    ],
  },
};

type Values = Record<string, string | boolean>;

/** The body of an action from the form: numbers as numbers, blank optional fields left out (or null inside an object). */
function bodyOf(
  action: AdminActionName,
  values: Values,
  target: { partnerNumber: string; requestNumber: string },
  remarks: string,
) {
  const { target: kind, fields } = FORMS[action];
  const body: Record<string, unknown> = {
    ...(kind === 'request' ? { requestNumber: target.requestNumber } : {}),
    ...(kind === 'partner' ? { partnerNumber: target.partnerNumber } : {}),
    ...(kind === 'into' ? { intoPartnerNumber: target.partnerNumber } : {}),
    ...(remarks.trim() ? { remarks: remarks.trim() } : {}),
  };
  for (const f of fields) {
    const raw = values[f.name] ?? (f.kind === 'checkbox' ? false : '');
    const blank = raw === '';
    if (blank && f.optional && !f.name.includes('.')) continue;
    const numeric = (f.kind === 'number' || (f.kind === 'choice' && f.name !== 'gstin')) && !blank;
    const value = numeric ? Number(raw) : blank && f.optional ? null : raw;
    const [outer, inner] = f.name.split('.') as [string, string | undefined];
    if (inner) body[outer] = { ...(body[outer] as object | undefined), [inner]: value };
    else body[outer] = value;
  }
  return body;
}

/**
 * The admin actions of section 6 the signed-in role may take on this partner and request, one
 * form at a time, with the audit of what was done before.
 */
export function AdminActions({
  role,
  partnerNumber,
  requestNumber,
  initial,
  choices,
}: {
  role: UserRole;
  partnerNumber: string;
  requestNumber: string;
  /** Current values to start a form from (the registered address). */
  initial: Values;
  /** The rows a 'choice' field picks from, by field name. */
  choices: Record<string, { value: string; label: string }[]>;
}) {
  const { t } = useTranslation('staff');
  const client = useQueryClient();
  const allowed = ADMIN_ACTION_NAMES.filter((a) => hasPermission(role, ADMIN_ACTION_PERMISSIONS[a]));
  const [action, setAction] = useState<AdminActionName | ''>('');
  const [values, setValues] = useState<Values>({});
  const [remarks, setRemarks] = useState('');
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const audit = useQuery({ ...adminAuditQuery(partnerNumber), enabled: hasPermission(role, 'allowEditVendorMaster') });
  const apply = useMutation({
    mutationFn: (name: AdminActionName) =>
      call(api.admin[name], { body: bodyOf(name, values, { partnerNumber, requestNumber }, remarks) as never }),
    onSuccess: ({ response }) => {
      setResult({ ok: true, text: response.message });
      setRemarks('');
      void client.invalidateQueries({ queryKey: workflowKeys.all });
    },
    onError: (error) => setResult({ ok: false, text: failureText(error) }),
  });
  if (allowed.length === 0) return null;
  const choose = (name: AdminActionName | '') => {
    setAction(name);
    setResult(null);
    setValues(name === 'registeredAddress' ? initial : {});
  };
  const optionsOf = (f: FieldSpec) =>
    f.kind === 'choice' ? (choices[f.name] ?? []) : (f.options ?? []).map((o) => ({ value: o, label: o }));
  const field = (f: FieldSpec) => {
    const id = `admin-${f.name.replace('.', '-')}`;
    const label = t(`admin.field.${f.name}` as 'admin.field.pan');
    const value = values[f.name];
    const set = (v: string | boolean) => setValues({ ...values, [f.name]: v });
    if (f.kind === 'checkbox')
      return (
        <div key={f.name} className="form-check mb-2">
          <input
            id={id}
            type="checkbox"
            className="form-check-input"
            checked={value === true}
            onChange={(e) => set(e.target.checked)}
          />
          <label htmlFor={id} className="form-check-label small">
            {label}
          </label>
        </div>
      );
    return (
      <div key={f.name} className="mb-2">
        <label htmlFor={id} className="form-label small mb-0">
          {label}
        </label>
        {f.kind === 'choice' || f.kind === 'select' ? (
          <select
            id={id}
            className="form-select form-select-sm"
            value={String(value ?? '')}
            onChange={(e) => set(e.target.value)}
          >
            <option value="">{t('admin.choose')}</option>
            {optionsOf(f).map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        ) : (
          <input
            id={id}
            type={f.kind}
            className="form-control form-control-sm"
            value={String(value ?? '')}
            onChange={(e) => set(e.target.value)}
          />
        )}
      </div>
    );
  };
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
          onChange={(e) => choose(e.target.value as AdminActionName | '')}
        >
          <option value="">{t('admin.choose')}</option>
          {allowed.map((a) => (
            <option key={a} value={a}>
              {t(`admin.action.${a}`)}
            </option>
          ))}
        </select>
        {action && (
          <form
            onSubmit={(e) => {
              e.preventDefault();
              setResult(null);
              apply.mutate(action);
            }}
          >
            {FORMS[action].fields.map(field)}
            <label htmlFor="admin-remarks" className="form-label small mb-0">
              {t('admin.remarks')}
            </label>
            <textarea
              id="admin-remarks"
              className="form-control form-control-sm mb-2"
              rows={2}
              maxLength={500}
              value={remarks}
              onChange={(e) => setRemarks(e.target.value)}
            />
            {result &&
              (result.ok ? (
                <p className="small text-success" role="status">
                  {result.text}
                </p>
              ) : (
                <FormAlert message={result.text} />
              ))}
            <button type="submit" className="btn btn-sm btn-outline-danger" disabled={apply.isPending}>
              {t('admin.apply')}
            </button>
          </form>
        )}
        {audit.data && audit.data.items.length > 0 && (
          <>
            <h3 className="h6 mt-3">{t('admin.audit')}</h3>
            <ul className="small mb-0" aria-label={t('admin.audit')}>
              {audit.data.items.map((r) => (
                <li key={r.id}>
                  {new Date(r.createdAt).toLocaleString()} · {t(`admin.action.${r.action as AdminActionName}`)} · {r.actorName}
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
