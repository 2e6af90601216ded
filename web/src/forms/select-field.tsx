import { useEffect, type ReactNode, type SelectHTMLAttributes } from 'react';
import { useFormContext, type FieldValues, type Path } from 'react-hook-form';
import { Field, useFieldError } from './fields.tsx';

/** One choice of a select: the value sent and the words shown. */
export interface Option {
  value: string | number;
  label: string;
}

interface SelectFieldProps<V extends FieldValues> extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'name' | 'id'> {
  name: Path<V>;
  /** The control's id; the name by default. */
  id?: string;
  label: ReactNode;
  options: readonly Option[];
  /** The empty first choice ('Select…'); none when the list always has a value. */
  placeholder?: string;
  hint?: ReactNode;
  required?: boolean;
  /** Numeric codes are held as numbers, an empty choice as undefined (so 'required' reads right). */
  numeric?: boolean;
}

/** A select of the surrounding contract form. */
export function SelectField<V extends FieldValues>({
  name,
  id,
  label,
  options,
  placeholder,
  hint,
  required,
  numeric,
  onChange,
  ...select
}: SelectFieldProps<V>) {
  const { register, getValues, setValue } = useFormContext<V>();
  const error = useFieldError<V>(name);
  const registered = register(name, numeric ? { setValueAs: (v: string) => (v === '' ? undefined : Number(v)) } : {});
  // A saved value given before its options arrived (a list still loading) is shown once they do:
  // the browser's select cannot hold a value it has no option for, and the form does not set it again.
  const optionValues = options.map((o) => o.value).join('\u0000');
  useEffect(() => {
    const value = getValues(name);
    if (value !== undefined && value !== null && value !== '') setValue(name, value);
  }, [optionValues, name, getValues, setValue]);
  return (
    <Field id={id ?? name} label={label} hint={hint} required={required} error={error} controlClass="form-select">
      {(aria) => (
        <select
          {...select}
          {...aria}
          {...registered}
          onChange={(e) => {
            void registered.onChange(e);
            onChange?.(e);
          }}
        >
          {placeholder !== undefined && <option value="">{placeholder}</option>}
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
