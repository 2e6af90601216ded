import type { FastifyInstance } from 'fastify';
import { RATE_LIMITS, gatewayApi } from '@pp/contract';
import { addRoute, type RateLimit } from '@pp/platform';
import type { Bot } from './bot.ts';

/** The chat endpoint: anyone may talk to the bot, so each client's messages are counted first. */
export default async function botRoutes(
  app: FastifyInstance,
  opts: { bot: Bot; limit: (key: string, rule: RateLimit) => Promise<void> },
) {
  addRoute(app, gatewayApi.bot, async ({ body, headers, request }) => {
    await opts.limit(`chat:${request.ip}`, RATE_LIMITS.chatMessagePerClient);
    const header = request.headers.authorization;
    const bearer = header?.startsWith('Bearer ') ? header.slice(7).trim() || null : null;
    return opts.bot.reply({ sender: body.sender, message: body.message, language: headers.lang, bearer, client: request.ip });
  });
}
