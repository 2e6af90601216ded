import AES from 'crypto-js/aes.js';
import Utf8 from 'crypto-js/enc-utf8.js';

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
