import { PARTNER_API_PREFIX, api, buildPath } from '@pp/contract';

/** The address a stored file is downloaded from (the SiteUrl of the document-storage answer). */
export const siteUrlOf = (uniqueId: string) => `${PARTNER_API_PREFIX}${buildPath(api.files.download.path, { uniqueId })}`;
