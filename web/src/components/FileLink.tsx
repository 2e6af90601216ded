import type { StoredFileInfo } from '@pp/contract';
import { failureText } from '../api/client.ts';
import { downloadFile } from '../api/files.ts';
import { showAlert } from '../lib/ui-state.ts';

/**
 * A stored file by its name (the uploader's own, so not in the page's language): a click downloads
 * it with the bearer token; a refusal is shown in the page's alert.
 */
export function FileLink({ file }: { file: StoredFileInfo }) {
  return (
    <button
      type="button"
      data-user-content
      className="btn btn-link btn-sm p-0 align-baseline"
      onClick={() => void downloadFile(file.uniqueId, file.fileName).catch((e: unknown) => showAlert(failureText(e)))}
    >
      {file.fileName}
    </button>
  );
}
