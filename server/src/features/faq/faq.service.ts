import { nameIn } from '@pp/platform';
import {
  LOGIN_PAGE_MESSAGE_TYPE,
  WEB_BASE_PATH,
  type LoginPageNotification,
  type VideoGuide,
  type faqSchema,
  type Language,
} from '@pp/contract';
import type { Db } from '@pp/db';
import { faqData, fixtures, type FaqLanguage } from '@pp/fixtures';
import type { z } from 'zod';
import { activePortalMessages } from '../../lib/portal-messages.ts';

/** The login page's notices that are active now, in their order. */
export async function loginPageNotifications(db: Db, now: Date, language: Language = 'en'): Promise<LoginPageNotification[]> {
  const messages = await activePortalMessages(db, [LOGIN_PAGE_MESSAGE_TYPE], now);
  return messages.map((m) => ({ notificationId: m.id, description: nameIn(language, m.message, m.messageHi) }));
}

/** The FAQ fixtures in one language, optionally of one category. */
export function listFaqs(input: { language: FaqLanguage; category?: string | undefined }): z.input<typeof faqSchema>[] {
  const titles = new Map(faqData.categories.map((c) => [c.id, c.title[input.language]]));
  return faqData.faqs
    .filter((f) => !input.category || f.category === input.category)
    .map((f) => ({
      id: f.id,
      category: f.category,
      categoryTitle: titles.get(f.category) ?? f.category,
      question: f.question[input.language],
      answer: f.answer[input.language],
    }));
}

const guides = fixtures.videoGuides().pages;

/** The video guides of a page: short local videos the web app serves under /guides/. */
export function videoGuides(pageName: string): VideoGuide[] {
  return (guides[pageName] ?? [])
    .map((g) => ({ displayName: g.displayName, url: `${WEB_BASE_PATH}/guides/${g.file}`, topPosition: g.topPosition }))
    .sort((a, b) => a.topPosition - b.topPosition);
}
