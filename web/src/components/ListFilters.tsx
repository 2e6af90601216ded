import { useQuery } from '@tanstack/react-query';
import { SEARCH_TERM_MAX_CHARS } from '@pp/contract';
import { groupCompaniesQuery } from '../api/reference.ts';

/** The search box of a list searched on the server (its label is also its placeholder). */
export function SearchBox({ label, value, onChange }: { label: string; value: string; onChange: (value: string) => void }) {
  return (
    <input
      type="search"
      className="form-control"
      placeholder={label}
      aria-label={label}
      value={value}
      maxLength={SEARCH_TERM_MAX_CHARS}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}

/** A list's filter by one of a fixed set of values, or any ('' ). */
export function FilterSelect<V extends string>({
  label,
  anyLabel,
  value,
  options,
  optionLabel,
  onChange,
}: {
  label: string;
  anyLabel: string;
  value: V | '';
  options: readonly V[];
  optionLabel: (value: V) => string;
  onChange: (value: V | '') => void;
}) {
  return (
    <select className="form-select" aria-label={label} value={value} onChange={(e) => onChange(e.target.value as V | '')}>
      <option value="">{anyLabel}</option>
      {options.map((o) => (
        <option key={o} value={o}>
          {optionLabel(o)}
        </option>
      ))}
    </select>
  );
}

/** A list's filter by one of the group's companies, or all of them (null). */
export function CompanyFilter({
  label,
  anyLabel,
  value,
  onChange,
}: {
  label: string;
  anyLabel: string;
  value: number | null;
  onChange: (companyCode: number | null) => void;
}) {
  const companies = useQuery(groupCompaniesQuery).data ?? [];
  return (
    <select
      className="form-select"
      aria-label={label}
      value={value ?? ''}
      onChange={(e) => onChange(e.target.value === '' ? null : Number(e.target.value))}
    >
      <option value="">{anyLabel}</option>
      {companies.map((c) => (
        <option key={c.companyCode} value={c.companyCode}>
          {c.companyName}
        </option>
      ))}
    </select>
  );
}
