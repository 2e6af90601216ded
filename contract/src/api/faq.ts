import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { envelope } from '../envelope.ts';

export const loginPageNotificationSchema = z.object({
  notificationId: z.number().int(),
  /** HTML, as notifications are (spec section 3). */
  description: z.string(),
});
export type LoginPageNotification = z.infer<typeof loginPageNotificationSchema>;

/** Languages of the FAQ texts (the chat's four). */
export const FAQ_LANGUAGE_CODES = ['en', 'hi', 'ta', 'te'] as const;

export const faqSchema = z.object({
  id: z.number().int(),
  category: z.string(),
  categoryTitle: z.string(),
  question: z.string(),
  answer: z.string(),
});

/** A video guide of the help flap (spec section 3). */
export const videoGuideSchema = z.object({ displayName: z.string(), url: z.string(), topPosition: z.number().int() });
export type VideoGuide = z.infer<typeof videoGuideSchema>;

export const faqEndpoints = {
  videoGuides: endpoint({
    method: 'GET',
    path: '/api/video-guides',
    summary: 'The video guides of a page (by its layout page name), in their order; none is an empty list',
    tags: ['faq'],
    access: 'public',
    query: z.object({
      pageName: z
        .string()
        .trim()
        .toLowerCase()
        .regex(/^[a-z]{1,40}$/, { error: 'must be a page name like home' }),
    }),
    response: envelope(z.array(videoGuideSchema)),
  }),
  loginPageNotification: endpoint({
    method: 'GET',
    path: '/api/faq/getLoginPageNotification',
    summary: 'Notices shown above the login form',
    tags: ['faq'],
    access: 'public',
    response: envelope(z.array(loginPageNotificationSchema)),
  }),
  getAllFaqs: endpoint({
    method: 'POST',
    path: '/api/faq/getAllFaqs',
    summary: 'Frequently asked questions in one language, optionally of one category',
    tags: ['faq'],
    access: 'public',
    body: z
      .object({ language: z.enum(FAQ_LANGUAGE_CODES).default('en'), category: z.string().max(40).optional() })
      .strict()
      .default({ language: 'en' }),
    response: envelope(z.array(faqSchema)),
  }),
};
