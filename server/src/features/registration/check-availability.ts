import { TEXTS, RESERVED_USERNAMES, RULES, translate, type Availability } from '@pp/contract';
import { Invalid, type Message } from '@pp/platform';
import type { ServiceDeps } from '../../lib/service-deps.ts';

/** Availability and validation look-ups of the registration form (spec section 5 wording). */
/** An availability whose message is put in the reader's language by the route. */
export type AvailabilityAnswer = Omit<Availability, 'message'> & { message: Message };
const yes = (message: Message): AvailabilityAnswer => ({ available: true, message });
const no = (message: Message): AvailabilityAnswer => ({ available: false, message });
export async function checkUsername(app: ServiceDeps, username: string): Promise<AvailabilityAnswer> {
  const valid =
    RULES.username.pattern.test(username) && !(RESERVED_USERNAMES as readonly string[]).includes(username.toLowerCase());
  const taken = valid && (await app.db.userAccount.count({ where: { username: username.toLowerCase() } })) > 0;
  return valid && !taken ? yes(TEXTS.usernameAvailable) : no(TEXTS.usernameTaken);
}

export async function checkMobile(app: ServiceDeps, mobile: string): Promise<AvailabilityAnswer> {
  const taken = await app.db.partner.count({ where: { mobileNumber: mobile } });
  return taken ? no(TEXTS.mobileTaken) : yes(TEXTS.mobileAvailable);
}

export async function checkEmail(app: ServiceDeps, email: string): Promise<AvailabilityAnswer> {
  const [partners, users] = await Promise.all([
    app.db.partner.count({ where: { email } }),
    app.db.userAccount.count({ where: { email } }),
  ]);
  return partners + users > 0 ? no(TEXTS.emailTaken) : yes(TEXTS.emailAvailable);
}

/** Disposable domains and the group's own domains (first label) may not register. */
export async function checkEmailDomain(app: ServiceDeps, email: string): Promise<AvailabilityAnswer> {
  const params = await app.db.controlParameter.findMany({
    where: { paramKey: { in: ['BLOCKED_EMAIL_DOMAINS', 'GROUP_EMAIL_DOMAIN_LABELS'] } },
  });
  const list = (key: string) =>
    (params.find((p) => p.paramKey === key)?.paramValue ?? '')
      .split(',')
      .map((v) => v.trim().toLowerCase())
      .filter(Boolean);
  const domain = email.split('@')[1] ?? '';
  const firstLabel = domain.split('.')[0] ?? '';
  const blocked =
    list('BLOCKED_EMAIL_DOMAINS').some((d) => domain === d || domain.endsWith(`.${d}`)) ||
    list('GROUP_EMAIL_DOMAIN_LABELS').includes(firstLabel);
  return blocked ? no(TEXTS.emailDomainBlocked) : yes(TEXTS.emailDomainAccepted);
}

export async function checkDuns(app: ServiceDeps, duns: string): Promise<AvailabilityAnswer> {
  const taken = await app.db.partner.count({ where: { dunsNumber: duns } });
  return taken ? no(TEXTS.dunsTaken) : yes(TEXTS.dunsAvailable);
}

async function identityCardOf(app: ServiceDeps, countryCode: number, identityCard: string) {
  const card = await app.db.countryIdentityCard.findUnique({
    where: { countryCode_identityCard: { countryCode, identityCard } },
  });
  if (!card) throw Invalid('identityCard', `${identityCard} is not an identifier used for this country`);
  return card;
}

export async function checkNationalId(
  app: ServiceDeps,
  countryCode: number,
  kind: string,
  value: string,
): Promise<AvailabilityAnswer> {
  const card = await identityCardOf(app, countryCode, kind);
  if (!new RegExp(card.pattern).test(value)) {
    return no(translate('rule.nationalId', 'en', { kind: card.longDesc, example: card.example }));
  }
  const taken = await app.db.partner.count({ where: { countryCode, nationalIdType: kind, nationalId: value } });
  return taken ? no(TEXTS.nationalIdTaken(card.identityCard)) : yes(TEXTS.nationalIdValid(card.identityCard));
}
