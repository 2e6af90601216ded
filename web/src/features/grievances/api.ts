import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, type GrievanceAction, type GrievanceDraftBody, type GrievanceListQuery, type GrievanceReason } from '@pp/contract';
import { callData } from '../../api/client.ts';

export const grievanceKeys = { all: ['grievances'] as const };

export const grievanceListQuery = (query: Partial<GrievanceListQuery>) =>
  queryOptions({
    queryKey: [...grievanceKeys.all, 'list', query],
    queryFn: () => callData(api.grievances.list, { query }),
    placeholderData: keepPreviousData,
  });

export const grievanceQuery = (grievanceNumber: string) =>
  queryOptions({
    queryKey: [...grievanceKeys.all, 'detail', grievanceNumber],
    queryFn: () => callData(api.grievances.detail, { params: { grievanceNumber } }),
  });

export const saveGrievanceDraft = (body: GrievanceDraftBody) => callData(api.grievances.saveDraft, { body });

export const deleteGrievanceDraft = async (grievanceNumber: string) =>
  await callData(api.grievances.deleteDraft, { params: { grievanceNumber } });

/** The partner's steps, by the engine's action name. */
export async function takeGrievanceStep(
  action: Extract<GrievanceAction, 'SUBMIT' | 'CLOSE' | 'REOPEN' | 'CHANGE_REASON'>,
  body: { grievanceNumber: string; remarks?: string; fileIds?: string[]; reasonCode?: GrievanceReason },
) {
  const g = api.grievances;
  if (action === 'CHANGE_REASON') return await callData(g.changeReason, { body: { ...body, reasonCode: body.reasonCode! } });
  const endpoint = { SUBMIT: g.submit, CLOSE: g.close, REOPEN: g.reopen }[action];
  return await callData(endpoint, { body });
}
