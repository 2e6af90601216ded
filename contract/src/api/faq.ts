import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { envelope } from '../envelope.ts';

export const loginPageNotificationSchema = z.object({
  notificationId: z.number().int(),
  /** HTML, as notifications are (spec section 3). */
  description: z.string(),
});
export type LoginPageNotification = z.infer<typeof loginPageNotificationSchema>;

export const faqEndpoints = {
  loginPageNotification: endpoint({
    method: 'GET',
    path: '/api/faq/getLoginPageNotification',
    summary: 'Notices shown above the login form',
    tags: ['faq'],
    auth: false,
    response: envelope(z.array(loginPageNotificationSchema)),
  }),
};
