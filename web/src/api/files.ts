import { endpointUrl, filesEndpoints, type StoredFileInfo, UPLOAD_FILE_FIELD, type UploadResponse } from '@pp/contract';
import { session } from '../session/session.ts';
import { http } from './client.ts';

/** Files this tab uploaded: a profile updated from a save's answer names them before the profile is read again. */
const uploaded = new Map<string, StoredFileInfo>();
export const uploadedFiles = (): StoredFileInfo[] => [...uploaded.values()];

export const storedFileInfo = (answer: UploadResponse): StoredFileInfo => ({
  uniqueId: answer.UniqueID,
  siteUrl: answer.SiteUrl,
  fileName: answer.fileName,
  fileType: answer.fileType,
  fileSize: answer.fileSize,
});

/** The "file POST without content type" of spec section 7: the browser sets the multipart boundary. */
export async function uploadFile(file: File, moduleCode: 'ONB' | 'PTM' = 'ONB'): Promise<UploadResponse> {
  const form = new FormData();
  form.append(UPLOAD_FILE_FIELD, file, file.name);
  const url = endpointUrl(filesEndpoints.upload, { query: { moduleCode } });
  const answer = (await http<{ response: UploadResponse }>('POST', url, { body: form })).response;
  uploaded.set(answer.UniqueID, storedFileInfo(answer));
  return answer;
}

/**
 * The "blob download" of spec section 7: a file fetched with the bearer token. A refusal throws
 * the server's own message (a 400 names the field), or the status when it sent none.
 */
export async function fetchBlob(url: string): Promise<Blob> {
  const { token } = session.get();
  const res = await fetch(url, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  if (!res.ok) {
    const failure = await res
      .json()
      .then((body: { failureMessage?: string }) => body.failureMessage)
      .catch(() => undefined);
    throw new Error(failure ?? `Download failed with status ${res.status}`);
  }
  return res.blob();
}

export const fetchFile = (uniqueId: string): Promise<Blob> =>
  fetchBlob(endpointUrl(filesEndpoints.download, { params: { uniqueId } }));

/** Saves a fetched file under a name, as the browser's own download would. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Downloads a stored file and saves it under its name. */
export async function downloadFile(uniqueId: string, fileName: string): Promise<void> {
  saveBlob(await fetchFile(uniqueId), fileName);
}
