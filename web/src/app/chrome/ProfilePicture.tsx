import { useEffect, useMemo, useRef } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { failureText } from '../../api/client.ts';
import { fetchFile } from '../../api/files.ts';
import { pictureQuery, pictureTypesQuery, setProfilePicture } from '../../api/partner.ts';
import { pickerExtension } from '../../components/FilePicker.tsx';
import { UserIcon } from '../../components/Icons.tsx';
import { showAlert } from '../../lib/ui-state.ts';

/** The picture's bytes, fetched with the bearer token (an <img> cannot send it), as an object URL. */
function usePictureUrl(uniqueId: string | undefined) {
  const { data: blob } = useQuery({
    queryKey: ['file-blob', uniqueId],
    queryFn: () => fetchFile(uniqueId!),
    enabled: Boolean(uniqueId),
    staleTime: Infinity,
  });
  const url = useMemo(() => (blob ? URL.createObjectURL(blob) : null), [blob]);
  // The object URL lives as long as this picture is shown.
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  return url;
}

/**
 * The partner sidebar's profile picture (spec sections 2, 3 and 5): a click chooses an image; its
 * type must be one the server allows for module PTM ('Please upload valid file format (…)'), then
 * it is uploaded and made the picture ('Profile picture uploaded successfully').
 */
export function ProfilePicture() {
  const { t } = useTranslation('partner');
  const input = useRef<HTMLInputElement>(null);
  const client = useQueryClient();
  const { data: picture } = useQuery(pictureQuery);
  const { data: types } = useQuery(pictureTypesQuery);
  const url = usePictureUrl(picture?.uniqueId);
  const change = useMutation({
    mutationFn: setProfilePicture,
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: pictureQuery.queryKey });
      await showAlert(t('picture.uploaded'));
    },
    onError: (error) => void showAlert(failureText(error, t('picture.failed'))),
  });
  const choose = async (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!file) return;
    // A file chosen before the allowed types arrived waits for them rather than going unchecked.
    const allowed = types ?? (await client.fetchQuery(pictureTypesQuery));
    if (!allowed.includes(pickerExtension(file.name))) {
      void showAlert(t('picture.invalidType', { types: allowed.join(', ') }));
      return;
    }
    change.mutate(file);
  };
  return (
    <>
      <button
        type="button"
        className="profile-picture mx-auto mb-2 btn p-0 border-0 overflow-hidden"
        aria-label={t('picture.change')}
        title={t('picture.change')}
        disabled={change.isPending}
        onClick={() => input.current?.click()}
      >
        {url ? <img src={url} alt={t('picture.alt')} className="w-100 h-100 object-fit-cover" /> : <UserIcon size={40} />}
      </button>
      <input
        ref={input}
        type="file"
        className="d-none"
        aria-label={t('picture.change')}
        accept={(types ?? []).map((x) => `.${x}`).join(',')}
        onChange={(e) => void choose(e.target.files?.[0])}
      />
    </>
  );
}
