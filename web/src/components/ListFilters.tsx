import { SEARCH_TERM_MAX_CHARS } from '@pp/contract';

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
