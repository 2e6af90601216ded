import { z } from 'zod';
import { endpoint } from '../endpoint.ts';

export const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['up', 'down']),
  version: z.string(),
});
export type Health = z.infer<typeof healthSchema>;

export const healthEndpoints = {
  health: endpoint({
    method: 'GET',
    path: '/health',
    summary: 'Liveness and database check',
    tags: ['health'],
    access: 'public',
    response: healthSchema,
  }),
};
