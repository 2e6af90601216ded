import {
  CHAT_PAYLOADS,
  CHAT_TRANSCRIPT_MAX_LINES,
  type ChatTranscriptLine,
  interpolate,
  looksLikeCallbackRequest,
  parseCallbackRequest,
  translate,
  type BotMessage,
  type ChatLanguage,
} from '@pp/contract';
import { chatbotData, faqData, type FaqLanguage } from '@pp/fixtures';
import { AppError, type RateLimitHit } from '@pp/platform';
import type { ConversationStore, Conversation } from './conversation-store.ts';
import { FAQ_LANGUAGE, tokenize } from './language.ts';
import { FaqMatcher } from './matcher.ts';
import type { ServerClient } from './server-client.ts';

const PART_NAMES: Record<FaqLanguage, Record<string, string>> = {
  en: { name: 'name', company: 'company name', mobile: 'mobile number', email: 'e-mail', message: 'form' },
  hi: { name: 'नाम', company: 'कंपनी का नाम', mobile: 'मोबाइल नंबर', email: 'ई-मेल', message: 'फ़ॉर्म' },
  ta: { name: 'பெயர்', company: 'நிறுவனப் பெயர்', mobile: 'கைபேசி எண்', email: 'மின்னஞ்சல்', message: 'படிவம்' },
  te: { name: 'పేరు', company: 'కంపెనీ పేరు', mobile: 'మొబైల్ నంబర్', email: 'ఇ-మెయిల్', message: 'ఫారమ్' },
};

export interface BotInput {
  sender: string;
  message: string;
  language: ChatLanguage;
  bearer: string | null;
  /** The visitor's address, for the per-client limit on callback requests. */
  client: string;
}

/** Counts a callback request of this client; throws the 429 AppError once over the limit. */
export type CallbackLimit = (client: string) => Promise<void>;

/** The chat assistant: greeting and topic menus, FAQ answers, the partner's own status, callback requests. */
export class Bot {
  private readonly matchers: Record<FaqLanguage, FaqMatcher>;

  constructor(
    private readonly store: ConversationStore,
    private readonly server: ServerClient,
    private readonly limitCallbacks: CallbackLimit,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.matchers = {
      en: new FaqMatcher(faqData.faqs, 'en'),
      hi: new FaqMatcher(faqData.faqs, 'hi'),
      ta: new FaqMatcher(faqData.faqs, 'ta'),
      te: new FaqMatcher(faqData.faqs, 'te'),
    };
  }

  /** The bot's answer to one message; `hit` counts the message against its client's limit (429 once over it). */
  async reply(input: BotInput, hit: RateLimitHit): Promise<BotMessage[]> {
    const lang = FAQ_LANGUAGE[input.language];
    const saved = await this.store.get(input.sender, hit);
    // A new language starts the conversation over (spec section 4).
    const conversation: Conversation =
      saved && saved.language === input.language ? saved : { language: input.language, state: null, turns: 0, transcript: [] };
    const at = this.now().toISOString();
    const said = this.visitorLine(input.message.trim(), lang);
    const line = (author: ChatTranscriptLine['author'], text: string): ChatTranscriptLine => ({
      author,
      text: text.slice(0, 2000),
      at,
    });
    const heard = [...conversation.transcript, ...(said ? [line('VISITOR', said)] : [])].slice(-CHAT_TRANSCRIPT_MAX_LINES);
    const { messages, state } = await this.decide(input, lang, { ...conversation, transcript: heard });
    const transcript = [...heard, ...messages.map((m) => line('BOT', m.text))].slice(-CHAT_TRANSCRIPT_MAX_LINES);
    this.store.save(input.sender, { language: input.language, state, turns: conversation.turns + 1, transcript }, this.now());
    return messages.map((m) => ({ recipient_id: input.sender, ...m }));
  }

  /** What the visitor said, as staff would read it: a button's words instead of its payload; nothing for a greeting. */
  private visitorLine(text: string, lang: FaqLanguage): string | null {
    if (text === CHAT_PAYLOADS.greet || text === CHAT_PAYLOADS.menu) return null;
    const faq = faqData.faqs.find((f) => CHAT_PAYLOADS.faq(f.id) === text);
    if (faq) return faq.question[lang];
    const topic = faqData.categories.find((c) => CHAT_PAYLOADS.topic(c.id) === text);
    if (topic) return topic.title[lang];
    if (text === CHAT_PAYLOADS.callback) return this.text('callbackButton', lang);
    if (text === CHAT_PAYLOADS.status) return this.statusTitle(lang);
    return text || null;
  }

  private text(key: string, lang: FaqLanguage, values?: Record<string, unknown>) {
    const entry = chatbotData.texts[key];
    return interpolate(entry?.[lang] ?? key, values);
  }

  private menu(lang: FaqLanguage, loggedIn: boolean) {
    return [
      ...faqData.categories.map((c) => ({ title: c.title[lang], payload: CHAT_PAYLOADS.topic(c.id) })),
      ...(loggedIn ? [{ title: this.statusTitle(lang), payload: CHAT_PAYLOADS.status }] : []),
      { title: this.text('callbackButton', lang), payload: CHAT_PAYLOADS.callback },
    ];
  }

  private statusTitle(lang: FaqLanguage) {
    return chatbotData.statusWords[lang][1] ?? chatbotData.statusWords[lang][0]!;
  }

  /** Whether the text is one of the phrases, or (unless `whole`) starts with one followed by more words. */
  private matchesAny(text: string, phrases: string[], lang: FaqLanguage, whole = false) {
    const words = tokenize(text, lang).join(' ');
    const raw = text.toLowerCase().trim();
    return this.formsOf(phrases, lang).some(
      (p) => raw === p.lower || (words.length > 0 && p.words === words) || (!whole && raw.startsWith(`${p.lower} `)),
    );
  }

  /** Each phrase lower-cased and as its words, worked out once per list: every message is checked against them. */
  private formsOf(phrases: string[], lang: FaqLanguage) {
    let forms = this.phraseForms.get(phrases);
    if (!forms) {
      forms = phrases.map((p) => ({ lower: p.toLowerCase(), words: tokenize(p, lang).join(' ') }));
      this.phraseForms.set(phrases, forms);
    }
    return forms;
  }

  private readonly phraseForms = new WeakMap<string[], { lower: string; words: string }[]>();

  private async decide(
    input: BotInput,
    lang: FaqLanguage,
    conversation: Conversation,
  ): Promise<{ messages: Omit<BotMessage, 'recipient_id'>[]; state: Conversation['state'] }> {
    const text = input.message.trim();
    const loggedIn = Boolean(input.bearer);
    const greeting = () => ({
      messages: [{ text: this.text('greeting', lang), buttons: this.menu(lang, loggedIn) }],
      state: null,
    });
    const back = [{ title: this.text('menuButton', lang), payload: CHAT_PAYLOADS.menu }];

    if (text === CHAT_PAYLOADS.greet) return greeting();
    if (text === CHAT_PAYLOADS.menu)
      return { messages: [{ text: this.text('chooseTopic', lang), buttons: this.menu(lang, loggedIn) }], state: null };
    if (text.startsWith('/topic:')) {
      const category = faqData.categories.find((c) => CHAT_PAYLOADS.topic(c.id) === text);
      if (category) {
        const buttons = faqData.faqs
          .filter((f) => f.category === category.id)
          .map((f) => ({ title: f.question[lang], payload: CHAT_PAYLOADS.faq(f.id) }));
        return {
          messages: [
            { text: this.text('questionsAbout', lang, { topic: category.title[lang] }), buttons: [...buttons, ...back] },
          ],
          state: null,
        };
      }
    }
    if (text.startsWith('/faq:')) {
      const faq = faqData.faqs.find((f) => CHAT_PAYLOADS.faq(f.id) === text);
      if (faq) return { messages: [{ text: faq.answer[lang], buttons: back }], state: null };
    }
    if (text === CHAT_PAYLOADS.callback || this.matchesAny(text, chatbotData.callbackWords[lang], lang)) {
      return { messages: [{ text: this.text('callbackPrompt', lang) }], state: 'CALLBACK_FORM' };
    }
    if (looksLikeCallbackRequest(text) || (conversation.state === 'CALLBACK_FORM' && text.includes(','))) {
      return this.callback(input, text, lang, conversation.transcript);
    }
    if (text === CHAT_PAYLOADS.status || this.matchesAny(text, chatbotData.statusWords[lang], lang)) {
      return { messages: [{ text: await this.status(input.bearer, lang), buttons: back }], state: null };
    }
    // A greeting alone is greeted; one followed by a question ("hello, how do I register?") has the
    // question answered, and is greeted only when no answer matches.
    const greetingWords = chatbotData.greetingWords[lang];
    if (this.matchesAny(text, greetingWords, lang, true)) return greeting();

    const match = this.matchers[lang].best(text);
    const faq = match && faqData.faqs.find((f) => f.id === match.id);
    if (!faq && this.matchesAny(text, greetingWords, lang)) return greeting();
    if (faq)
      return {
        messages: [
          {
            text: faq.answer[lang],
            buttons: [...back, { title: this.text('callbackButton', lang), payload: CHAT_PAYLOADS.callback }],
          },
        ],
        state: null,
      };

    return {
      messages: [{ text: this.text('fallback', lang), buttons: this.menu(lang, loggedIn) }],
      state: conversation.state,
    };
  }

  private async status(bearer: string | null, lang: FaqLanguage): Promise<string> {
    const overview = bearer ? await this.server.partnerOverview(bearer).catch(() => null) : null;
    if (!overview) return this.text('loginForStatus', lang);
    const companies = [...new Set(overview.companies.map((c) => c.company))].join(', ');
    return this.text('myStatus', lang, {
      organisation: overview.info.organizationName,
      partnerNumber: overview.info.partnerNumber,
      status: chatbotData.texts.statusNames[lang][overview.info.onboardStatus] ?? overview.info.onboardStatus,
      companies: companies || '—',
    });
  }

  private async callback(
    input: BotInput,
    text: string,
    lang: FaqLanguage,
    transcript: ChatTranscriptLine[],
  ): Promise<{ messages: Omit<BotMessage, 'recipient_id'>[]; state: Conversation['state'] }> {
    const parsed = parseCallbackRequest(text);
    if (!parsed.ok) {
      const rule =
        lang === 'en' || lang === 'hi'
          ? translate(parsed.message, lang)
          : (chatbotData.ruleTexts[parsed.message]?.[lang] ?? translate(parsed.message, 'en'));
      return {
        messages: [{ text: this.text('callbackInvalid', lang, { part: PART_NAMES[lang][parsed.part], rule }) }],
        state: 'CALLBACK_FORM',
      };
    }
    const { name, company, mobile, email } = parsed.value;
    try {
      await this.limitCallbacks(input.client);
    } catch (error) {
      if (error instanceof AppError && error.code === 'TOO_MANY_REQUESTS') {
        return { messages: [{ text: this.text('callbackLimited', lang) }], state: null };
      }
      throw error;
    }
    try {
      // The visitor's own session, if any, says whose request it is; a typed e-mail address does not.
      const reference = await this.server.recordCallback(
        {
          displayName: name,
          companyName: company,
          mobileNumber: mobile,
          partnerEmailId: email,
          message: `Callback requested through the chat assistant (${lang}).`,
          transcript,
        },
        input.bearer,
      );
      return { messages: [{ text: this.text('callbackRecorded', lang, { name, mobile, reference }) }], state: null };
    } catch {
      return { messages: [{ text: this.text('callbackFailed', lang) }], state: 'CALLBACK_FORM' };
    }
  }
}
