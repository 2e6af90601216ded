import { createContext, useContext } from 'react';
import { useTranslation } from 'react-i18next';
import { FINANCIAL_PARTS, type ReviewedProfile, type StoredFileInfo } from '@pp/contract';
import { FIELD_SPECS, type FieldSpec } from '../forms/profile-field-specs.ts';
import { useOptions, type OptionSource, type ProfileKey } from '../forms/profile-options.ts';
import { useTextByKey } from '../i18n/index.ts';
import { FileLink } from '../components/FileLink.tsx';

const FILE_FIELD = /FileId$|^fileId$/;
export const FINANCIAL_PART_NAMES = Object.keys(FINANCIAL_PARTS) as (keyof typeof FINANCIAL_PARTS)[];
export type Value = unknown;
export type Files = Map<string, StoredFileInfo>;

/** The profile whose reference lists name the codes shown (business types depend on its company and business). */
export const ProfileContext = createContext<ProfileKey>({ companyCode: 0, categoryCode: '', international: false });

/** A code as the forms' select shows it (ownership type, state, city, department…); the code itself until the list arrives. */
export function OptionName({ source, value, row }: { source: OptionSource; value: Value; row: Record<string, Value> }) {
  const options = useOptions(source, row, useContext(ProfileContext));
  const codes = Array.isArray(value) ? (value as Value[]) : [value];
  return <>{codes.map((c) => options.find((o) => String(o.value) === String(c))?.label ?? String(c)).join(', ')}</>;
}

const specOf = (scope: string, name: string): FieldSpec | undefined =>
  (FIELD_SPECS as Partial<Record<string, readonly FieldSpec[]>>)[scope]?.find((f) => f.name === name);

/** One value as a reviewer reads it: codes by name, files by name (downloadable), lists joined, yes/no, a dash for nothing. */
export function Shown({
  scope,
  name,
  value,
  row,
  files,
}: {
  scope: string;
  name: string;
  value: Value;
  row: Record<string, Value>;
  files: Files;
}) {
  const { t } = useTranslation('staff');
  if (value === null || value === undefined || value === '') return <span className="text-muted">—</span>;
  const spec = specOf(scope, name);
  if (spec && (spec.kind === 'select' || spec.kind === 'checks'))
    return <OptionName source={spec.source} value={value} row={row} />;
  if (FILE_FIELD.test(name) && typeof value === 'string') {
    const file = files.get(value);
    return file ? <FileLink file={file} /> : <span className="text-muted">{t('summary.fileMissing')}</span>;
  }
  if (typeof value === 'boolean') return <>{value ? t('summary.yes') : t('summary.no')}</>;
  // What the partner typed is theirs, in their words, not the page's.
  if (Array.isArray(value)) return <span data-user-content>{value.map(String).join(', ')}</span>;
  if (typeof value === 'string' || typeof value === 'number') return <span data-user-content>{value}</span>;
  return <>{JSON.stringify(value)}</>;
}

/** A label from the onboarding forms' own texts (field.<part>.<name>), or the field's name where there is none. */
export function useLabel() {
  const text = useTextByKey('onboardingLabels');
  return (scope: string, name: string) => {
    const key = `field.${scope}.${name}`;
    const label = text(key);
    return label === key ? name : label;
  };
}

/**
 * What each file of a profile is, for the documents card: the label of the field that holds it
 * (with the row's number in a list) or the question it answers; a file the profile no longer names
 * has none.
 */
export function documentKindsOf(p: ReviewedProfile, label: (scope: string, name: string) => string): Map<string, string> {
  const kinds = new Map<string, string>();
  const fields = (scope: string, value: Record<string, Value> | null | undefined, row?: number) => {
    for (const [name, id] of Object.entries(value ?? {}))
      if (FILE_FIELD.test(name) && typeof id === 'string' && !kinds.has(id))
        kinds.set(id, row === undefined ? label(scope, name) : `${label(scope, name)} (${row})`);
  };
  const rows = (scope: string, list: readonly Record<string, Value>[] | undefined) =>
    (list ?? []).forEach((row, i) => fields(scope, row, i + 1));
  fields('general', p.general);
  fields('address', p.address);
  fields('statutory', p.statutory);
  fields('vat', p.vat);
  for (const [name, list] of Object.entries(p.lists ?? {})) rows(name, list);
  for (const part of FINANCIAL_PART_NAMES) rows(part, p.financial?.[part]);
  for (const q of p.questions ?? [])
    for (const f of q.answer?.files ?? []) if (!kinds.has(f.uniqueId)) kinds.set(f.uniqueId, q.text);
  fields('acceptance', p.acceptance);
  fields('tdsDeclaration', p.tdsDeclaration);
  return kinds;
}

export function Fields({
  scope,
  value,
  files,
}: {
  scope: string;
  value: Record<string, Value> | null | undefined;
  files: Files;
}) {
  const { t } = useTranslation('staff');
  const label = useLabel();
  if (!value) return <p className="small text-muted mb-0">{t('summary.notGiven')}</p>;
  return (
    <dl className="row small mb-0">
      {Object.entries(value).map(([k, v]) => (
        <div key={k} className="col-md-6 d-flex gap-2">
          <dt className="fw-normal text-muted">{label(scope, k)}</dt>
          <dd className="mb-1">
            <Shown scope={scope} name={k} value={v} row={value} files={files} />
          </dd>
        </div>
      ))}
    </dl>
  );
}

export function Rows({ scope, rows, files }: { scope: string; rows: readonly Record<string, Value>[]; files: Files }) {
  const { t } = useTranslation('staff');
  const label = useLabel();
  if (rows.length === 0) return <p className="small text-muted mb-0">{t('summary.noRows')}</p>;
  const columns = [...new Set(rows.flatMap((r) => Object.keys(r)))].filter((c) => c !== 'id');
  return (
    <div className="table-responsive">
      <table className="table table-sm small mb-0">
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c} scope="col" className="fw-normal text-muted">
                {label(scope, c)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r, i) => (
            <tr key={typeof r.id === 'number' ? r.id : i}>
              {columns.map((c) => (
                <td key={c}>
                  <Shown scope={scope} name={c} value={r[c]} row={r} files={files} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
