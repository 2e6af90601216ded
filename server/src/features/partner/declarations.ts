import { NAMED_DECLARATIONS, DECLARATION_NAMES, type DeclarationName, type DeclarationStatus, type Language } from '@pp/contract';
import type { Db } from '@pp/db';

type Accepted = { name: string; version: string; acceptedAt: Date } | null | undefined;

function statusOf(name: DeclarationName, accepted: Accepted): DeclarationStatus {
  const { version } = NAMED_DECLARATIONS[name];
  const current = accepted?.version === version;
  return {
    name,
    version,
    declarationTag: current ? 'Y' : 'N',
    acceptedAt: current ? accepted.acceptedAt.toISOString() : null,
    acceptedVersion: accepted && !current ? accepted.version : null,
  };
}

/** A declaration's words in the reader's language. */
export function namedDeclaration(name: DeclarationName, language: Language) {
  const d = NAMED_DECLARATIONS[name];
  return { name, version: d.version, title: d.title[language], text: d.text[language] };
}

export async function declarationStatus(db: Db, partnerId: number, name: DeclarationName): Promise<DeclarationStatus> {
  const accepted = await db.partnerDeclaration.findUnique({ where: { partnerId_name: { partnerId, name } } });
  return statusOf(name, accepted);
}

/** Records the partner's acceptance of the current version (accepting it again keeps the first time). */
export async function acceptDeclaration(db: Db, partnerId: number, name: DeclarationName, now: Date): Promise<DeclarationStatus> {
  const { version } = NAMED_DECLARATIONS[name];
  const existing = await db.partnerDeclaration.findUnique({ where: { partnerId_name: { partnerId, name } } });
  const accepted =
    existing?.version === version
      ? existing
      : await db.partnerDeclaration.upsert({
          where: { partnerId_name: { partnerId, name } },
          create: { partnerId, name, version, acceptedAt: now },
          update: { version, acceptedAt: now },
        });
  return statusOf(name, accepted);
}

/** Every declaration the partner is asked to accept, with its words and where the partner stands. */
export async function declarationDocuments(db: Db, partnerId: number, language: Language) {
  const accepted = new Map((await db.partnerDeclaration.findMany({ where: { partnerId } })).map((d) => [d.name, d] as const));
  return DECLARATION_NAMES.map((name) => {
    const { declarationTag, acceptedAt } = statusOf(name, accepted.get(name));
    return { ...namedDeclaration(name, language), declarationTag, acceptedAt };
  });
}
