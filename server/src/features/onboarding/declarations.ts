import { TEXTS, financialYears, type DeclarationAcceptanceInput } from '@pp/contract';
import type { Db } from '@pp/db';
import { Invalid, NotFound, type AuthContext } from '@pp/platform';
import { SaveChecks } from './checks.ts';
import { type Tx } from '../../lib/transaction.ts';
import { openProfile, withProfileLock, type Profile } from './profile.ts';
import { readData, writeData, type ProfileSnapshot } from './store.ts';

type PartnerAuth = AuthContext & { partnerId: number };
interface Acceptance {
  signatoryName: string;
  signatoryDesignation: string;
  place: string;
  acceptedAt: string;
}
interface TdsDeclaration {
  financialYear: string;
  signatoryName: string;
  fileId: string | null;
  declaredAt: string;
}

export async function declarationText(db: Db, companyCode: number) {
  const text = await db.declarationText.findUnique({ where: { companyCode } });
  if (!text) throw NotFound(TEXTS.notFound);
  return { companyCode, declarationHtml: text.declarationHtml, tdsDeclarationHtml: text.tdsDeclarationHtml };
}

export async function saveDeclarationText(
  db: Db,
  auth: AuthContext,
  input: { companyCode: number; declarationHtml: string; tdsDeclarationHtml: string },
) {
  await db.declarationText.upsert({
    where: { companyCode: input.companyCode },
    create: { ...input, updatedByUserId: auth.userId },
    update: {
      declarationHtml: input.declarationHtml,
      tdsDeclarationHtml: input.tdsDeclarationHtml,
      updatedByUserId: auth.userId,
    },
  });
  return declarationText(db, input.companyCode);
}

export const readAcceptance = (db: Db | Tx, profile: Profile) => readData<Acceptance>(db, profile.id, 'acceptance');
export const acceptanceOf = (snapshot: ProfileSnapshot) => snapshot.data<Acceptance>('acceptance');
export const tdsDeclarationOf = (snapshot: ProfileSnapshot) => snapshot.data<TdsDeclaration>('tdsDeclaration');

export async function acceptance(db: Db, partnerId: number, target: { companyCode: number; categoryCode: string }) {
  return readAcceptance(db, await openProfile(db, partnerId, target.companyCode, target.categoryCode));
}

export async function accept(
  deps: { db: Db; now: () => Date },
  auth: PartnerAuth,
  target: { companyCode: number; categoryCode: string },
  input: DeclarationAcceptanceInput,
) {
  return withProfileLock(
    deps.db,
    (tx) => openProfile(tx, auth.partnerId, target.companyCode, target.categoryCode),
    async (tx, profile) => {
      const data: Acceptance = {
        signatoryName: input.signatoryName,
        signatoryDesignation: input.signatoryDesignation,
        place: input.place,
        acceptedAt: deps.now().toISOString(),
      };
      await writeData(tx, profile.id, 'acceptance', data);
      return data;
    },
  );
}

/** The TDS declaration of sections 206AB / 206CCA, for the latest financial year asked. */
export async function declareTds(
  deps: { db: Db; now: () => Date },
  auth: PartnerAuth,
  input: { companyCode: number; categoryCode: string; financialYear: string; signatoryName: string; fileId: string | null },
) {
  return withProfileLock(
    deps.db,
    (tx) => openProfile(tx, auth.partnerId, input.companyCode, input.categoryCode),
    async (tx, profile) => {
      const latest = financialYears(deps.now())[0]!;
      if (input.financialYear !== latest) throw Invalid('financialYear', TEXTS.financialYearNotAsked([latest]));
      const checks = new SaveChecks();
      checks.file('fileId', input.fileId);
      await checks.run(tx, profile.partnerId, deps.now());
      const data: TdsDeclaration = {
        financialYear: input.financialYear,
        signatoryName: input.signatoryName,
        fileId: input.fileId,
        declaredAt: deps.now().toISOString(),
      };
      await writeData(tx, profile.id, 'tdsDeclaration', data);
      return data;
    },
  );
}
