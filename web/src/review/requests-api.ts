import { queryOptions } from '@tanstack/react-query';
import { type WorkflowActionInput, workflowEndpoints } from '@pp/contract';
import { callData } from '../api/client.ts';

/*
 * Where a request stands and the decisions taken on it, over the workflow's own endpoints only:
 * the workbench loads this and not review-api.ts, whose review, customer and admin calls bring
 * more of the contract into the page's start.
 */

export const workflowKeys = {
  all: ['workflow'] as const,
};

/** Where one request stands: its state and what the signed-in desk may do with it. */
export const requestStatusQuery = (requestNumber: string) =>
  queryOptions({
    queryKey: [...workflowKeys.all, 'status', requestNumber],
    queryFn: () => callData(workflowEndpoints.status, { params: { requestNumber } }),
  });

/** A staff decision on a request (approve, send back, reject), with the state the page showed. */
export const decideRequest = (verb: 'approve' | 'sendBack' | 'reject', body: WorkflowActionInput) =>
  callData(workflowEndpoints[verb], { body });
