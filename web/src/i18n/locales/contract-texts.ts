import { en, hi } from '@pp/contract';
import type { TranslationsOf } from './en.ts';

/**
 * The validation and rule messages the server shares, as the `contract` namespace. They load with
 * the first page that has a form (i18n/index.ts): /home validates nothing. The forms' own
 * validator reads the same texts from the contract.
 */
export const contractTextsEn = { contract: en } as const;
export const contractTextsHi: TranslationsOf<typeof contractTextsEn> = { contract: hi };
