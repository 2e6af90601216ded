import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, type GrievanceAction, type GrievanceDraftBody, type GrievanceListQuery, type GrievanceReason } from '@pp/contract';
import { call } from '../../api/client.ts';

export const grievanceKeys = { all: ['grievances'] as const };

export const grievanceListQuery = (query: Partial<GrievanceListQuery>) =>
  queryOptions({
    queryKey: [...grievanceKeys.all, 'list', query],
    queryFn: async () => (await call(api.grievances.list, { query })).response,
    placeholderData: keepPreviousData,
  });

export const grievanceQuery = (grievanceNumber: string) =>
  queryOptions({
    queryKey: [...grievanceKeys.all, 'detail', grievanceNumber],
    queryFn: async () => (await call(api.grievances.detail, { params: { grievanceNumber } })).response,
  });

export const saveGrievanceDraft = async (body: GrievanceDraftBody) => (await call(api.grievances.saveDraft, { body })).response;

export const deleteGrievanceDraft = async (grievanceNumber: string) =>
  (await call(api.grievances.deleteDraft, { params: { grievanceNumber } })).response;

/** The partner's steps, by the engine's action name. */
export async function takeGrievanceStep(
  action: Extract<GrievanceAction, 'SUBMIT' | 'CLOSE' | 'REOPEN' | 'CHANGE_REASON'>,
  body: { grievanceNumber: string; remarks?: string; fileIds?: string[]; reasonCode?: GrievanceReason },
) {
  const g = api.grievances;
  if (action === 'CHANGE_REASON')
    return (await call(g.changeReason, { body: { ...body, reasonCode: body.reasonCode! } })).response;
  const endpoint = { SUBMIT: g.submit, CLOSE: g.close, REOPEN: g.reopen }[action];
  return (await call(endpoint, { body })).response;
}
