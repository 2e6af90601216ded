import { z } from 'zod';
import { idParamSchema } from '../envelope.ts';
import { ruleSchema } from '../rule-schemas.ts';

/**
 * A branch for the IFSC master, as a staff member adds it. Apart from the reference calls
 * (reference.ts), which every partner's page makes as it starts: there it was the one schema they
 * built, and it brought zod with it.
 */
export const addBankBranchBodySchema = z
  .object({
    ifsc: z.string().trim().toUpperCase().pipe(ruleSchema('ifsc')),
    branchName: z.string().trim().min(2).max(200),
    address: z.string().trim().min(5).max(300),
    cityName: z.string().trim().min(2).max(100),
    stateId: idParamSchema,
    micr: z
      .string()
      .trim()
      .regex(/^\d{9}$/, { error: 'validation.micr' })
      .nullable()
      .optional()
      .default(null),
  })
  .strict();
export type AddBankBranchBody = z.output<typeof addBankBranchBodySchema>;
