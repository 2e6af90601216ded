import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import type { StoredFileInfo } from '@pp/contract';
import { failureText } from '../../api/client.ts';
import { useTextByKey } from '../../i18n/index.ts';
import { showAlert } from '../../lib/ui-state.ts';
import type { ProfileKey } from './api.ts';
import { FIELD_SPECS, LIST_COLUMNS, type FieldSpec, type SpecName } from '../../forms/profile-field-specs.ts';
import { useOptions } from '../../forms/profile-options.ts';
import { PartForm } from '../../forms/PartForm.tsx';

type Row = Record<string, unknown> & { id: number };

export interface ListEditorProps {
  id: string;
  spec: SpecName;
  title: string;
  rowSchema: z.ZodType<FieldValues, FieldValues>;
  rows: readonly Row[];
  profile: ProfileKey;
  files: Map<string, StoredFileInfo>;
  required?: (name: string) => boolean;
  hidden?: readonly string[];
  /** Saves one row (with its id when it is changed). */
  onSave: (row: FieldValues) => Promise<unknown>;
  onDelete: (id: number) => Promise<unknown>;
  /** How the server names the row's fields when it saves one row: `${list}.0.`. */
  errorPrefix: string;
  readOnly?: boolean;
}

/** A shown value: a file by its name, a list by its items, nothing as a dash. */
function shown(value: unknown, field: FieldSpec, files: Map<string, StoredFileInfo>): string {
  if (field.kind === 'file') return (typeof value === 'string' && files.get(value)?.fileName) || '—';
  if (Array.isArray(value)) return value.join(', ') || '—';
  return typeof value === 'string' || typeof value === 'number' ? String(value) || '—' : '—';
}

/** A chosen option by its name, as the form's select shows it (the options are the form's, cached). */
function OptionCell({ row, field, profile }: { row: Row; field: Extract<FieldSpec, { kind: 'select' }>; profile: ProfileKey }) {
  const options = useOptions(field.source, row, profile);
  const value = row[field.name];
  const label = options.find((o) => String(o.value) === String(value))?.label;
  return <>{label ?? (typeof value === 'string' || typeof value === 'number' ? String(value) : '—')}</>;
}

/**
 * The one list editor of the profile: the rows saved so far in a table, each changed or deleted on
 * its own (the delete calls of section 7), and a form that adds a row.
 */
export function ListEditor(props: ListEditorProps) {
  const {
    id,
    spec,
    title,
    rowSchema,
    rows,
    profile,
    files,
    required,
    hidden = [],
    onSave,
    onDelete,
    errorPrefix,
    readOnly,
  } = props;
  const { t } = useTranslation('onboarding');
  const text = useTextByKey('onboardingLabels');
  const [editing, setEditing] = useState<number | null>(null);
  const named = LIST_COLUMNS[spec];
  const columns = FIELD_SPECS[spec]
    .filter((f: FieldSpec) => !hidden.includes(f.name) && f.kind !== 'checks' && (!named || named.includes(f.name)))
    .slice(0, named ? undefined : 4);
  const editRow = rows.find((r) => r.id === editing) ?? null;

  async function remove(row: Row, index: number) {
    const choice = await showAlert(t('confirmDelete', { row: index + 1 }), { cancellable: true });
    if (choice !== 'ok') return;
    await onDelete(row.id).catch((error: unknown) => showAlert(failureText(error)));
  }

  return (
    <section className="mb-4" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="h6">
        {title}
      </h3>
      {rows.length === 0 ? (
        <p className="small text-muted">{t('noRows')}</p>
      ) : (
        <div className="table-responsive">
          <table className="table table-sm align-middle">
            <thead>
              <tr>
                <th scope="col">#</th>
                {columns.map((c: FieldSpec) => (
                  <th key={c.name} scope="col">
                    {text(`field.${spec}.${c.name}`)}
                  </th>
                ))}
                {!readOnly && <th scope="col">{t('rowActions')}</th>}
              </tr>
            </thead>
            <tbody>
              {rows.map((row, index) => (
                <tr key={row.id}>
                  <td>{index + 1}</td>
                  {columns.map((c: FieldSpec) => (
                    // What the partner typed or uploaded is theirs, in their words; a chosen option reads in the page's language.
                    <td key={c.name} data-user-content={c.kind === 'select' ? undefined : ''}>
                      {c.kind === 'select' ? <OptionCell row={row} field={c} profile={profile} /> : shown(row[c.name], c, files)}
                    </td>
                  ))}
                  {!readOnly && (
                    <td className="text-nowrap">
                      <button
                        type="button"
                        className="btn btn-link btn-sm p-0 me-2"
                        onClick={() => setEditing(row.id)}
                        aria-label={t('editRow', { list: title, row: index + 1 })}
                      >
                        {t('edit')}
                      </button>
                      <button
                        type="button"
                        className="btn btn-link btn-sm p-0 text-danger"
                        onClick={() => void remove(row, index)}
                        aria-label={t('deleteRow', { list: title, row: index + 1 })}
                      >
                        {t('delete')}
                      </button>
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {!readOnly && (
        <div className="border rounded p-3 bg-body-tertiary">
          {editRow ? (
            <PartForm
              key={`edit-${editRow.id}`}
              id={`${id}-edit`}
              spec={spec}
              schema={rowSchema}
              saved={editRow}
              profile={profile}
              files={files}
              {...(required ? { required } : {})}
              hidden={hidden}
              errorPrefix={errorPrefix}
              submitLabel={t('update')}
              onSave={async (values) => {
                await onSave({ ...values, id: editRow.id });
                setEditing(null);
              }}
              onCancel={() => setEditing(null)}
            />
          ) : (
            <PartForm
              key="add"
              id={`${id}-add`}
              spec={spec}
              schema={rowSchema}
              saved={null}
              profile={profile}
              files={files}
              {...(required ? { required } : {})}
              hidden={hidden}
              errorPrefix={errorPrefix}
              submitLabel={t('addTo', { list: title })}
              resetAfterSave
              onSave={onSave}
            />
          )}
        </div>
      )}
    </section>
  );
}
