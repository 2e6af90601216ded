import { z } from 'zod';
import { COMPANY_CODES } from '../constants.ts';

/*
 * The sign-in forms, apart from their endpoints (auth.ts): the sign-in page imports its schema when
 * its form is first checked (@pp/contract/auth-forms), so that its start does not build zod schemas.
 */

/**
 * Sign-in takes any name up to 100 characters: the registration username rule (section 5) is
 * for new partner accounts, while staff and migrated accounts carry dots (`demo.partner`).
 */
export const signinBodySchema = z
  .object({
    username: z.string().trim().min(1).max(100),
    password: z.string().min(1).max(128),
  })
  .strict();
export type SigninBody = z.infer<typeof signinBodySchema>;

export const companyCodeSchema = z.union(COMPANY_CODES.map((c) => z.literal(c)));

/** The group's external sign-in (a stand-in served by the stack): staff name, password, and the job to open. */
export const groupSigninBodySchema = signinBodySchema
  .extend({
    companyCode: companyCodeSchema.default(1),
    jobCode: z.string().trim().max(40).optional(),
  })
  .strict();
export type GroupSigninBody = z.infer<typeof groupSigninBodySchema>;
