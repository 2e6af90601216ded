import type { FastifyInstance } from 'fastify';
import { CHAT_PATHS, botRequestSchema } from '@pp/contract';
import { languageOf, parseBody } from '../http.ts';
import type { Bot } from './bot.ts';

export default async function botRoutes(app: FastifyInstance, opts: { bot: Bot }) {
  app.post(CHAT_PATHS.bot, async (request) => {
    const language = languageOf(request);
    const body = parseBody(botRequestSchema, request);
    const header = request.headers.authorization;
    const bearer = header?.startsWith('Bearer ') ? header.slice(7).trim() || null : null;
    return opts.bot.reply({ sender: body.sender, message: body.message, language, bearer });
  });
}
