import AES from 'crypto-js/aes.js';
import Utf8 from 'crypto-js/enc-utf8.js';
import { z } from 'zod';
import { INT32_MAX } from './envelope.ts';

/**
 * AES-CBC/PKCS7 identifiers of the contract (spec section 7): the browser encrypts some ids
 * (loginAuditNumber, e-mail payloads) before sending and the server decrypts them. The key ships
 * to every browser, as in the real portal, so it guards nothing secret: it keeps the wire format
 * faithful. CBC and PKCS7 are crypto-js's defaults when a key and IV are given as WordArrays.
 */
const KEY = Utf8.parse('PartnerPortalKey-2026-LocalStack');
const IV = Utf8.parse('PPortalIV-123456');

export function encryptId(plain: string | number): string {
  return AES.encrypt(String(plain), KEY, { iv: IV }).toString();
}

/** Decrypts a base64 ciphertext; returns null (never throws) when it is not a valid ciphertext of ours. */
export function decryptId(cipherText: string): string | null {
  try {
    const plain = AES.decrypt(cipherText, KEY, { iv: IV }).toString(Utf8);
    return plain.length > 0 ? plain : null;
  } catch {
    return null;
  }
}

/**
 * A numeric identifier the portal sends encrypted (encCompanyCode, spec section 7): the AES-CBC
 * cipher text of encryptId, read back to the number it hides. Here beside the cipher, not in
 * envelope.ts: every page's code imports the envelope, and crypto-js (6 KB compressed) came with it.
 */
export const encryptedIdSchema = z
  .string()
  .trim()
  .max(200)
  .regex(/^[A-Za-z0-9+/]+={0,2}$/, { error: 'must be an identifier encrypted as the portal encrypts them' })
  .meta({
    description: 'A number as AES-CBC cipher text (base64), as the portal encrypts identifiers (spec section 7)',
    format: 'byte',
  })
  .transform((cipher, ctx) => {
    const plain = decryptId(cipher);
    const id = plain !== null && /^\d{1,10}$/.test(plain) ? Number(plain) : NaN;
    if (!Number.isInteger(id) || id < 1 || id > INT32_MAX) {
      ctx.addIssue({ code: 'custom', message: 'must be an identifier encrypted as the portal encrypts them' });
      return z.NEVER;
    }
    return id;
  });
