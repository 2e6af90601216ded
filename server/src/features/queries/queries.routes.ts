import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { INTERNAL_TOKEN_HEADER, api } from '@pp/contract';
import { faqData } from '@pp/fixtures';
import { Forbidden, Invalid } from '../../lib/app-error.ts';
import { addRoute } from '../../plugins/app/routes.ts';

function isGateway(request: FastifyRequest, token: string): boolean {
  const given = Buffer.from(String(request.headers[INTERNAL_TOKEN_HEADER] ?? ''));
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export default async function queriesRoutes(app: FastifyInstance) {
  addRoute(app, api.queries.insertPartnerQueryEntry, async ({ query, body, request }) => {
    if (query.source !== 'CHATBOT') {
      throw Invalid(
        'source',
        'Support-form queries need the e-mail OTP flow, which is not available yet; use CHATBOT through the gateway',
      );
    }
    // Callback requests come from the gateway, which has checked the chat rules with the visitor.
    if (!isGateway(request, app.config.internalApiToken))
      throw Forbidden('Only the chat gateway may record chat callback requests.');
    const [{ nextval }] = await app.db.$queryRaw<[{ nextval: bigint }]>`SELECT nextval('partner_query_seq')`;
    const referenceNumber = `PQ${nextval.toString().padStart(7, '0')}`;
    const partner = await app.db.partner.findFirst({ where: { email: body.partnerEmailId }, select: { id: true } });
    await app.db.partnerQuery.create({
      data: { referenceNumber, source: 'CHATBOT', ...body, partnerId: partner?.id ?? null, createdAt: app.now() },
    });
    return { response: { referenceNumber }, failureMessage: null };
  });

  addRoute(app, api.queries.getAllFaqs, async ({ body }) => {
    const titles = new Map(faqData.categories.map((c) => [c.id, c.title[body.language]]));
    const faqs = faqData.faqs
      .filter((f) => !body.category || f.category === body.category)
      .map((f) => ({
        id: f.id,
        category: f.category,
        categoryTitle: titles.get(f.category) ?? f.category,
        question: f.question[body.language],
        answer: f.answer[body.language],
      }));
    return { response: faqs, failureMessage: null };
  });
}
