import {
  TEXTS,
  RULES,
  checkAadhaar,
  checkCin,
  checkGstin,
  checkPan,
  checkUdyam,
  type IdentifierKind,
  type IdentifierProblem,
  type RuleName,
  type StatutoryKind,
  text,
} from '@pp/contract';
import type { Db } from '@pp/db';
import { Forbidden, type AuthContext, type Message } from '@pp/platform';

interface KindRule {
  rule: RuleName;
  check?: (value: string, now: Date) => IdentifierProblem | null;
  /** Registered on profiles: a number another partner holds is a duplicate. */
  identifier?: IdentifierKind;
}

/** What each statutory look-up of section 7 checks: the section 5 rule, the structure, duplicates. */
const KINDS: Record<StatutoryKind, KindRule> = {
  pan: { rule: 'pan', check: checkPan, identifier: 'PAN' },
  gst: { rule: 'gst', check: checkGstin, identifier: 'GST' },
  tan: { rule: 'tan', identifier: 'TAN' },
  vat: { rule: 'vat', identifier: 'VAT' },
  cin: { rule: 'cin', check: checkCin, identifier: 'CIN' },
  llpin: { rule: 'llpin', identifier: 'LLPIN' },
  msme: { rule: 'msme', check: checkUdyam, identifier: 'UDYAM' },
  aadhaar: { rule: 'aadhaar', check: checkAadhaar },
  frn: { rule: 'firmRegistrationNumber' },
  sern: { rule: 'shopEstablishmentNumber' },
  shopEstablishmentCfNumber: { rule: 'shopEstablishmentNumber' },
  factoryInspectorCfnumber: { rule: 'llpin' },
  esinumber: { rule: 'esi' },
  pfnumber: { rule: 'pf' },
};

/** Whether a valid number is already held by someone else (another partner, another customer). */
export type HeldElsewhere = (identifier: IdentifierKind, value: string) => Promise<boolean>;

/**
 * Checks a statutory number: a valid one answers failureMessage null; an invalid one says what is
 * wrong; a valid one someone else already holds is answered as a duplicate.
 */
export async function checkStatutoryNumber(
  input: { kind: StatutoryKind; value: string },
  now: Date,
  say: (message: Message) => string,
  heldElsewhere: HeldElsewhere,
  duplicate: Message = TEXTS.statutoryDuplicate,
) {
  const kind = KINDS[input.kind];
  const value = input.value.toUpperCase();
  const answer = (valid: boolean, duplicate: boolean, failure: Message | null) => ({
    response: { kind: input.kind, value, valid, duplicate },
    failureMessage: failure === null ? null : say(failure),
  });
  if (!RULES[kind.rule].pattern.test(value)) return answer(false, false, text(RULES[kind.rule].message));
  const problem = kind.check?.(value, now) ?? null;
  if (problem) return answer(false, false, text(problem));
  if (!kind.identifier) return answer(true, false, null);
  return (await heldElsewhere(kind.identifier, value)) ? answer(true, true, duplicate) : answer(true, false, null);
}

/** The partners' look-up: a number on another partner's profile is a duplicate. */
export async function checkStatutory(
  deps: { db: Db; now: () => Date },
  auth: AuthContext,
  input: { kind: StatutoryKind; value: string; partnersId?: number },
  say: (message: Message) => string,
) {
  if (input.partnersId !== undefined && auth.partnerId !== null && input.partnersId !== auth.partnerId) {
    throw Forbidden(TEXTS.partnerScopeOwnOnly);
  }
  // The partner's own profiles (other companies, other businesses) hold the same numbers rightly.
  const exclude = input.partnersId ?? auth.partnerId;
  return checkStatutoryNumber(input, deps.now(), say, async (identifier, value) => {
    const holder = await deps.db.partnerIdentifier.findFirst({
      where: {
        kind: identifier,
        value,
        ...(exclude !== null && exclude !== undefined ? { partnerId: { not: exclude } } : {}),
      },
      select: { id: true },
    });
    return holder !== null;
  });
}
