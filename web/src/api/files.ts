import { UPLOAD_FILE_FIELD, api, endpointUrl, type StoredFileInfo, type UploadResponse } from '@pp/contract';
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
  const url = endpointUrl(api.files.upload, { query: { moduleCode } });
  const answer = (await http<{ response: UploadResponse }>('POST', url, { body: form })).response;
  uploaded.set(answer.UniqueID, storedFileInfo(answer));
  return answer;
}

/** The "blob download" of spec section 7: a stored file fetched with the bearer token. */
export async function fetchFile(uniqueId: string): Promise<Blob> {
  const { token } = session.get();
  const res = await fetch(endpointUrl(api.files.download, { params: { uniqueId } }), {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!res.ok) throw new Error(`Download failed with status ${res.status}`);
  return res.blob();
}

/** Downloads a stored file and saves it under its name. */
export async function downloadFile(uniqueId: string, fileName: string): Promise<void> {
  const url = URL.createObjectURL(await fetchFile(uniqueId));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
