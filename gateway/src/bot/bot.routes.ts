import type { FastifyInstance } from 'fastify';
import { gatewayApi } from '@pp/contract';
import { addRoute } from '@pp/platform';
import type { Bot } from './bot.ts';

export default async function botRoutes(app: FastifyInstance, opts: { bot: Bot }) {
  addRoute(app, gatewayApi.bot, async ({ body, headers, request }) => {
    const header = request.headers.authorization;
    const bearer = header?.startsWith('Bearer ') ? header.slice(7).trim() || null : null;
    return opts.bot.reply({ sender: body.sender, message: body.message, language: headers.lang, bearer });
  });
}
