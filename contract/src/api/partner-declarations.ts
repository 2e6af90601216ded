import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { envelope } from '../envelope.ts';

/**
 * The declarations a partner accepts once for all its companies (section 7's registration and
 * account calls): the group's whistle-blower policy (WBP) and the partner's undertaking (UT). Their
 * words live here, in both languages, with a version: a new version asks the partner again.
 */
export const NAMED_DECLARATIONS = {
  WBP: {
    version: '2026-01',
    title: { en: 'Whistle-blower policy', hi: 'व्हिसल-ब्लोअर नीति' },
    text: {
      en: 'I have read the group’s whistle-blower policy. I will report unethical conduct, actual or suspected fraud, and breaches of the supplier code of conduct through the channels the policy names, and I understand that the group protects whoever reports in good faith from any retaliation.',
      hi: 'मैंने समूह की व्हिसल-ब्लोअर नीति पढ़ ली है। मैं अनैतिक आचरण, वास्तविक या संदिग्ध धोखाधड़ी और आपूर्तिकर्ता आचार संहिता के उल्लंघन की सूचना नीति में बताए गए माध्यमों से दूँगा, और मैं समझता हूँ कि समूह सद्भावना से सूचना देने वाले की हर प्रतिशोध से रक्षा करता है।',
    },
  },
  UT: {
    version: '2026-01',
    title: { en: 'Undertaking', hi: 'वचनपत्र' },
    text: {
      en: 'I undertake that the information and documents I give in this portal are true and complete, that I will tell the group of any change in them without delay, and that no employee of the group or relative of one holds an interest in my firm that I have not disclosed.',
      hi: 'मैं वचन देता हूँ कि इस पोर्टल में दी गई जानकारी और दस्तावेज़ सत्य और पूर्ण हैं, उनमें कोई भी बदलाव होने पर मैं समूह को बिना देर किए बताऊँगा, और समूह के किसी कर्मचारी या उसके किसी संबंधी का मेरी फ़र्म में ऐसा कोई हित नहीं है जिसे मैंने प्रकट न किया हो।',
    },
  },
} as const;
export type DeclarationName = keyof typeof NAMED_DECLARATIONS;
export const DECLARATION_NAMES = Object.keys(NAMED_DECLARATIONS) as DeclarationName[];

export const namedDeclarationSchema = z.object({
  name: z.enum(DECLARATION_NAMES as [DeclarationName, ...DeclarationName[]]),
  version: z.string(),
  title: z.string(),
  text: z.string(),
});

/** Where the signed-in partner stands with one declaration: 'Y' once it accepted the current version. */
export const declarationStatusSchema = z.object({
  name: z.enum(DECLARATION_NAMES as [DeclarationName, ...DeclarationName[]]),
  version: z.string(),
  declarationTag: z.enum(['Y', 'N']),
  acceptedAt: z.string().nullable(),
  /** An earlier version it accepted, which no longer counts. */
  acceptedVersion: z.string().nullable(),
});
export type DeclarationStatus = z.output<typeof declarationStatusSchema>;

/** Accepting is the only answer: a partner that does not accept simply has not yet. */
const acceptBody = z.object({ declarationTag: z.literal('Y', { error: "must be 'Y' (accepted)" }) }).strict();
const partner = { tags: ['partner'], access: 'partner' } as const;

const statusOf = (name: DeclarationName, label: string) => ({
  get: endpoint({
    ...partner,
    method: 'GET',
    path: `/api/get${label}Declaration`,
    summary: `Whether the signed-in partner accepted the current ${NAMED_DECLARATIONS[name].title.en.toLowerCase()}`,
    response: envelope(declarationStatusSchema),
  }),
  set: endpoint({
    ...partner,
    method: 'POST',
    path: `/api/set${label}Declaration`,
    summary: `Accept the current ${NAMED_DECLARATIONS[name].title.en.toLowerCase()} (declarationTag Y), once for all the partner's companies`,
    body: acceptBody,
    response: envelope(declarationStatusSchema),
  }),
});

const wbp = statusOf('WBP', 'Wbp');
const ut = statusOf('UT', 'Ut');

export const partnerDeclarationEndpoints = {
  getWbpDeclaration: wbp.get,
  setWbpDeclaration: wbp.set,
  getUtDeclaration: ut.get,
  setUtDeclaration: ut.set,
  declarationName: endpoint({
    method: 'GET',
    path: '/api/declarationName/:name',
    summary: "A declaration's words and version in the reader's language (WBP, UT)",
    tags: ['partner'],
    access: 'public',
    params: z.object({ name: z.enum(DECLARATION_NAMES as [DeclarationName, ...DeclarationName[]]) }).strict(),
    response: envelope(namedDeclarationSchema),
  }),
  documents: endpoint({
    ...partner,
    method: 'GET',
    path: '/api/documents/get',
    summary: 'The declarations the signed-in partner is asked to accept, each with its words and where the partner stands',
    response: envelope(
      z.array(namedDeclarationSchema.extend(declarationStatusSchema.pick({ declarationTag: true, acceptedAt: true }).shape)),
    ),
  }),
};
