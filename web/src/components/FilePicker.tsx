import { useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ACCEPTED_UPLOAD_TYPES, UI_MESSAGES, type StoredFileInfo } from '@pp/contract';
import { storedFileInfo, uploadFile } from '../api/files.ts';
import { failureText } from '../api/client.ts';
import { showAlert } from '../lib/ui-state.ts';
import { FileLink } from './FileLink.tsx';

/** The type the picker judges a name by: its second dot-separated segment (spec section 5). */
export function pickerExtension(fileName: string): string {
  const ext = (fileName.split('.')[1] ?? '').toLowerCase();
  return ext === 'jpeg' ? 'jpg' : ext;
}

export interface FilePickerProps {
  id: string;
  label: string;
  files: readonly StoredFileInfo[];
  onChange: (files: StoredFileInfo[]) => void;
  /** Static parts take one file (spec section 5). */
  single?: boolean;
  required?: boolean;
  disabled?: boolean;
}

/**
 * The file picker of spec section 2: an 'Add File(s)' button and a drop zone, the recommended-size
 * hint, the accepted types checked before upload (the server checks the content again), and the
 * files already attached, each downloadable and removable.
 */
export function FilePicker({ id, label, files, onChange, single, required, disabled }: FilePickerProps) {
  const { t } = useTranslation(['common', 'messages']);
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const [busy, setBusy] = useState(false);

  async function add(list: FileList | null) {
    const chosen = [...(list ?? [])];
    if (chosen.length === 0) return;
    if (single && chosen.length + files.length > 1) {
      await showAlert(t('messages:uploadOnlyOne'));
      return;
    }
    if (chosen.some((f) => !(ACCEPTED_UPLOAD_TYPES as readonly string[]).includes(pickerExtension(f.name)))) {
      await showAlert(t('messages:uploadInvalid'));
      return;
    }
    setBusy(true);
    const uploaded: StoredFileInfo[] = [];
    try {
      for (const file of chosen) {
        uploaded.push(storedFileInfo(await uploadFile(file)));
      }
    } catch (error) {
      await showAlert(failureText(error, UI_MESSAGES.uploadFailure));
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
    if (uploaded.length > 0) onChange([...files, ...uploaded]);
  }

  const onDrop = (e: DragEvent<HTMLDivElement>) => {
    e.preventDefault();
    setDragging(false);
    if (!disabled) void add(e.dataTransfer.files);
  };

  return (
    <div className="mb-3">
      <div id={`${id}-label`} className={`form-label${required ? ' required' : ''}`}>
        {label}
      </div>
      <div
        className={`file-drop border rounded p-2 ${dragging ? 'border-primary bg-primary-subtle' : 'border-dashed'}`}
        data-testid={`${id}-drop`}
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        {/* Read only (a preview, a submitted profile): the files, and nothing that offers to add one. */}
        {disabled ? (
          files.length === 0 && <span className="small text-muted">{t('noFiles')}</span>
        ) : (
          <div className="d-flex align-items-center gap-2 flex-wrap">
            <button
              type="button"
              className="btn btn-outline-primary btn-sm"
              disabled={busy || (single && files.length > 0)}
              onClick={() => input.current?.click()}
              aria-describedby={`${id}-label ${id}-hint`}
            >
              {busy ? t('uploading') : t('addFiles')}
            </button>
            <span id={`${id}-hint`} className="small text-muted">
              {t('messages:recommendedUpload')} · {t('dropHere')}
            </span>
            <input
              ref={input}
              id={id}
              type="file"
              className="d-none"
              multiple={!single}
              accept={ACCEPTED_UPLOAD_TYPES.map((x) => `.${x}`).join(',')}
              aria-labelledby={`${id}-label`}
              onChange={(e) => void add(e.target.files)}
            />
          </div>
        )}
        {files.length > 0 && (
          <ul className={`list-unstyled small mb-0 ${disabled ? '' : 'mt-2'}`}>
            {files.map((f) => (
              <li key={f.uniqueId} className="d-flex align-items-center gap-2">
                <FileLink file={f} />
                <span className="text-muted">{t('kilobytes', { size: Math.max(1, Math.round(f.fileSize / 1024)) })}</span>
                {!disabled && (
                  <button
                    type="button"
                    className="btn btn-link btn-sm text-danger p-0"
                    aria-label={t('removeFile', { name: f.fileName })}
                    onClick={() => onChange(files.filter((x) => x.uniqueId !== f.uniqueId))}
                  >
                    {t('remove')}
                  </button>
                )}
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
