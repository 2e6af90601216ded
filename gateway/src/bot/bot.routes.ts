import type { FastifyInstance } from 'fastify';
import { RATE_LIMITS, gatewayApi } from '@pp/contract';
import { addRoute, type RateLimit, type RateLimitHit } from '@pp/platform';
import type { Bot } from './bot.ts';

/** The chat endpoint: anyone may talk to the bot, so each client's messages are counted first. */
export default async function botRoutes(
  app: FastifyInstance,
  opts: { bot: Bot; hit: (key: string, rule: RateLimit) => RateLimitHit },
) {
  addRoute(app, gatewayApi.bot, async ({ body, headers, request }) => {
    const header = request.headers.authorization;
    const bearer = header?.startsWith('Bearer ') ? header.slice(7).trim() || null : null;
    return opts.bot.reply(
      { sender: body.sender, message: body.message, language: headers.lang, bearer, client: request.ip },
      opts.hit(`chat:${request.ip}`, RATE_LIMITS.chatMessagePerClient),
    );
  });
}
