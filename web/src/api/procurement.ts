import { authEndpoints } from '@pp/contract';
import { callData } from './client.ts';

/** A one-time ticket into the group's procurement system, and the page that takes it. */
export const procurementTicket = () => callData(authEndpoints.procurementTicket);
