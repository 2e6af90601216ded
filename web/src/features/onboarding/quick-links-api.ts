import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  type bankAccountInputSchema,
  CODE_OF_CONDUCT_VERSION,
  type FINANCIAL_PARTS,
  type GstNotificationInput,
  profileEndpoints,
} from '@pp/contract';
import { callData } from '../../api/client.ts';

const p = profileEndpoints;
export const profileKeys = { all: ['partner-profile'] as const };

export const quickLinksQuery = queryOptions({
  queryKey: [...profileKeys.all, 'quicklink'],
  queryFn: () => callData(p.quickLinks),
});

export const acceptCodeOfConduct = async () =>
  await callData(p.reviewCodeOfConduct, { body: { version: CODE_OF_CONDUCT_VERSION, accepted: true } });
export const submitGstNotification = (body: GstNotificationInput) => callData(p.gstNotification, { body });
export const saveBankDraft = async (body: z.input<typeof bankAccountInputSchema>) => await callData(p.saveBankDraft, { body });
export const deleteBankDraft = () => callData(p.deleteBankDraft);
export const saveFinanceDraft = async (year: z.input<(typeof FINANCIAL_PARTS)['performance']['input']>) =>
  await callData(p.saveFinanceDraft, { body: { years: [year] } });
export const deleteFinanceDraft = () => callData(p.deleteFinanceDraft);
