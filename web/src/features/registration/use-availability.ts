import { useCallback, useState } from 'react';
import i18next from 'i18next';
import { RULES, type Availability } from '@pp/contract';
import { ApiError } from '../../api/client.ts';
import { failureOf } from '../../forms/failure.ts';
import { lookups } from './api.ts';
import type { RegistrationField, RegistrationValues } from './registration-form.ts';

/** Which server check guards a field, and when the answer may be asked for. */
const CHECKS: Partial<Record<RegistrationField, (v: RegistrationValues) => Promise<Availability> | null>> = {
  nationalId: (v) =>
    v.nationalId && v.identityCard ? lookups.nationalId(Number(v.countryCode), v.identityCard, v.nationalId) : null,
  dunsNumber: (v) => (v.dunsNumber && RULES.duns.pattern.test(v.dunsNumber) ? lookups.duns(v.dunsNumber) : null),
  mobileNumber: (v) => (RULES.universalMobile.pattern.test(v.mobileNumber) ? lookups.mobile(v.mobileNumber) : null),
  email: (v) =>
    v.email.includes('@')
      ? Promise.all([lookups.emailDomain(v.email), lookups.email(v.email)]).then(([domain, taken]) =>
          domain.available ? taken : domain,
        )
      : null,
  username: (v) => (v.username ? lookups.username(v.username) : null),
};

/** A field's value as the answer remembers it. */
const asText = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');

/** An answer, for the value it was given for; `unchecked` when the server could not be asked. */
type Answers = Partial<Record<RegistrationField, Availability & { value: string; unchecked?: boolean }>>;

/**
 * A check that fails without the server's word on the field (the connection dropped, a proxy
 * answered 502 while a server restarted) is asked again: the field kept no note, and a partner
 * waited for one that never came. The look-ups only read, so asking again is safe.
 */
const CHECK_ATTEMPTS = 3;
const RETRY_AFTER_MS = 300;

/**
 * The server's answers on fields that must be new to the portal (PAN, DUNS, mobile, e-mail,
 * username). An answer holds for the value it was given for; a step goes on only when every
 * checked field of it is available.
 */
export function useAvailability(getValues: () => RegistrationValues) {
  const [answers, setAnswers] = useState<Answers>({});

  const check = useCallback(
    async (field: RegistrationField): Promise<Availability | null> => {
      const values = getValues();
      let request = CHECKS[field]?.(values);
      if (!request) return null;
      const value = asText(values[field]);
      const note = (answer: Availability, unchecked = false) =>
        setAnswers((a) => ({ ...a, [field]: { ...answer, value, unchecked } }));
      for (let attempt = 1; ; attempt++) {
        try {
          const answer = await request;
          note(answer);
          return answer;
        } catch (error) {
          if (error instanceof ApiError && error.failureMessage) {
            const refused = { available: false, message: failureOf(error).message };
            note(refused);
            return refused;
          }
          if (attempt < CHECK_ATTEMPTS) {
            await new Promise((resolve) => setTimeout(resolve, RETRY_AFTER_MS * attempt));
            request = CHECKS[field]!(values)!;
            continue;
          }
          // Said under the field, and asked again when the step goes on.
          note({ available: false, message: i18next.t('registration:checkFailed') }, true);
          return null;
        }
      }
    },
    [getValues],
  );

  /** The note under a field: the server's answer, while the field still holds the value it was for. */
  const noteOf = (field: RegistrationField, values: Partial<RegistrationValues>) => {
    const answer = answers[field];
    if (!answer || answer.value !== asText(values[field])) return {};
    return answer.available ? { success: answer.message } : { error: answer.message };
  };

  /** Asks what is not known yet for these fields; true when all of them are available. */
  const allAvailable = async (fields: readonly RegistrationField[]) => {
    const values = getValues();
    const results = await Promise.all(
      fields
        .filter((f) => CHECKS[f])
        .map(async (f) => {
          const known = answers[f];
          return known && !known.unchecked && known.value === asText(values[f]) ? known : check(f);
        }),
    );
    return results.every((r) => !r || r.available);
  };

  return { check, noteOf, allAvailable };
}
export type AvailabilityChecks = ReturnType<typeof useAvailability>;
