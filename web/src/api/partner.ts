import { queryOptions } from '@tanstack/react-query';
import { accessEndpoints, partnerEndpoints, PROFILE_PICTURE_MODULE, referenceEndpoints } from '@pp/contract';
import { session } from '../session/session.ts';
import { call, callData } from './client.ts';
import { uploadFile } from './files.ts';

export const partnerInfoQuery = queryOptions({
  queryKey: ['partner', 'info'],
  queryFn: () => callData(partnerEndpoints.info),
});

export const companiesQuery = queryOptions({
  queryKey: ['partner', 'companyAndCategory'],
  queryFn: () => callData(partnerEndpoints.companyAndCategory),
});

/**
 * The category audit of spec section 4: answers 'User Category Audit Recorded' on success, with a
 * token carrying the onboarding status of that company's profile, which the session keeps.
 */
export async function switchCategory(categoryCode: string, companyCode: number) {
  const answer = await call(accessEndpoints.infoCategory, { body: { categoryCode, companyCode } });
  session.setToken(answer.accessToken);
  return answer.response;
}

export const pictureQuery = queryOptions({
  queryKey: ['partner', 'profile-picture'],
  queryFn: () => callData(partnerEndpoints.profilePicture),
});

/** The image types the server takes for a profile picture (module PTM). */
export const pictureTypesQuery = queryOptions({
  queryKey: ['file-types', PROFILE_PICTURE_MODULE],
  queryFn: async () =>
    (await callData(referenceEndpoints.fileTypes, { params: { moduleCode: PROFILE_PICTURE_MODULE } })).map((t) => t.fileType),
  staleTime: Infinity,
});

/** Uploads the image and makes it the partner's picture. */
export async function setProfilePicture(file: File) {
  const uploaded = await uploadFile(file, PROFILE_PICTURE_MODULE);
  return callData(partnerEndpoints.setProfilePicture, { body: { uniqueId: uploaded.UniqueID } });
}
