import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  type GrievanceAction,
  type GrievanceDraftBody,
  grievanceEndpoints,
  type GrievanceListQuery,
  type GrievanceReason,
  type GrievanceScope,
  type GrievanceStaffListQuery,
} from '@pp/contract';
import { callData } from '../../api/client.ts';

export const grievanceKeys = { all: ['grievances'] as const };

export const grievanceListQuery = (query: Partial<GrievanceListQuery>) =>
  queryOptions({
    queryKey: [...grievanceKeys.all, 'list', query],
    queryFn: () => callData(grievanceEndpoints.list, { query }),
    placeholderData: keepPreviousData,
  });

export const grievanceQuery = (grievanceNumber: string) =>
  queryOptions({
    queryKey: [...grievanceKeys.all, 'detail', grievanceNumber],
    queryFn: () => callData(grievanceEndpoints.detail, { params: { grievanceNumber } }),
  });

export const saveGrievanceDraft = (body: GrievanceDraftBody) => callData(grievanceEndpoints.saveDraft, { body });

export const deleteGrievanceDraft = async (grievanceNumber: string) =>
  await callData(grievanceEndpoints.deleteDraft, { params: { grievanceNumber } });

/** The partner's steps, by the engine's action name. */
export async function takeGrievanceStep(
  action: Extract<GrievanceAction, 'SUBMIT' | 'CLOSE' | 'REOPEN' | 'CHANGE_REASON'>,
  body: { grievanceNumber: string; remarks?: string; fileIds?: string[]; reasonCode?: GrievanceReason },
) {
  const g = grievanceEndpoints;
  if (action === 'CHANGE_REASON') return await callData(g.changeReason, { body: { ...body, reasonCode: body.reasonCode! } });
  const endpoint = { SUBMIT: g.submit, CLOSE: g.close, REOPEN: g.reopen }[action];
  return await callData(endpoint, { body });
}

export const staffGrievanceKeys = { all: ['staffGrievances'] as const };

/** The staff list of a dashboard: the previous page stays on screen while the next loads. */
export const staffGrievanceListQuery = (query: Partial<GrievanceStaffListQuery>) =>
  queryOptions({
    queryKey: [...staffGrievanceKeys.all, 'list', query],
    queryFn: () => callData(grievanceEndpoints.openList, { query }),
    placeholderData: keepPreviousData,
  });

export const staffGrievanceQuery = (grievanceNumber: string) =>
  queryOptions({
    queryKey: [...staffGrievanceKeys.all, 'detail', grievanceNumber],
    queryFn: () => callData(grievanceEndpoints.openDetail, { params: { grievanceNumber } }),
  });

export const grievanceMetricsQuery = (scope: GrievanceScope, companyCode: number | null) =>
  queryOptions({
    queryKey: [...staffGrievanceKeys.all, 'metrics', scope, companyCode],
    queryFn: () => callData(grievanceEndpoints.metrics, { query: { scope, ...(companyCode === null ? {} : { companyCode }) } }),
    placeholderData: keepPreviousData,
  });

/** The staff's steps, by the engine's action name. */
export async function takeStaffGrievanceStep(
  action: Extract<GrievanceAction, 'FORWARD' | 'RESOLVE'>,
  body: { grievanceNumber: string; remarks?: string; fileIds?: string[] },
) {
  return await callData(action === 'FORWARD' ? grievanceEndpoints.forward : grievanceEndpoints.resolve, { body });
}
