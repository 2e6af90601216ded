import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  CODE_OF_CONDUCT_VERSION,
  api,
  type FINANCIAL_PARTS,
  type GstNotificationInput,
  type bankAccountInputSchema,
} from '@pp/contract';
import { call } from '../../api/client.ts';

const p = api.profile;
export const profileKeys = { all: ['partner-profile'] as const };

export const quickLinksQuery = queryOptions({
  queryKey: [...profileKeys.all, 'quicklink'],
  queryFn: async () => (await call(p.quickLinks)).response,
});

export const acceptCodeOfConduct = async () =>
  (await call(p.reviewCodeOfConduct, { body: { version: CODE_OF_CONDUCT_VERSION, accepted: true } })).response;
export const submitGstNotification = async (body: GstNotificationInput) => (await call(p.gstNotification, { body })).response;
export const saveBankDraft = async (body: z.input<typeof bankAccountInputSchema>) =>
  (await call(p.saveBankDraft, { body })).response;
export const deleteBankDraft = async () => (await call(p.deleteBankDraft)).response;
export const saveFinanceDraft = async (year: z.input<(typeof FINANCIAL_PARTS)['performance']['input']>) =>
  (await call(p.saveFinanceDraft, { body: { years: [year] } })).response;
export const deleteFinanceDraft = async () => (await call(p.deleteFinanceDraft)).response;
