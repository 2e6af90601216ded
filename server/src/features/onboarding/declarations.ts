import {
  TEXTS,
  financialYears,
  type DeclarationAcceptanceInput,
  type Language,
  type SaveDeclarationTextBody,
} from '@pp/contract';
import type { Db } from '@pp/db';
import { Invalid, NotFound, nameIn, type AuthContext } from '@pp/platform';
import { SaveChecks } from '../../lib/save-checks.ts';
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

/** A company's declarations in the reader's language (English where no Hindi text stands beside it). */
export async function declarationText(db: Db, companyCode: number, language: Language = 'en') {
  const text = await db.declarationText.findUnique({ where: { companyCode } });
  if (!text) throw NotFound(TEXTS.notFound);
  return {
    companyCode,
    declarationHtml: nameIn(language, text.declarationHtml, text.declarationHtmlHi),
    tdsDeclarationHtml: nameIn(language, text.tdsDeclarationHtml, text.tdsDeclarationHtmlHi),
  };
}

/**
 * Staff's change of the texts. A Hindi text not given with its English is cleared: an old
 * translation of words that changed would tell a Hindi reader something the English no longer says.
 */
export async function saveDeclarationText(db: Db, auth: AuthContext, input: SaveDeclarationTextBody, language: Language) {
  const texts = {
    declarationHtml: input.declarationHtml,
    declarationHtmlHi: input.declarationHtmlHi ?? null,
    tdsDeclarationHtml: input.tdsDeclarationHtml,
    tdsDeclarationHtmlHi: input.tdsDeclarationHtmlHi ?? null,
    updatedByUserId: auth.userId,
  };
  await db.declarationText.upsert({
    where: { companyCode: input.companyCode },
    create: { companyCode: input.companyCode, ...texts },
    update: texts,
  });
  return declarationText(db, input.companyCode, language);
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
