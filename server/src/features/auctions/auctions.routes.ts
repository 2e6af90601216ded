import type { FastifyInstance } from 'fastify';
import { api, type Language } from '@pp/contract';
import { addRoute, ok, type AuthContext } from '@pp/platform';
import { listRfqs, placeBid, rfqDetail, type Bidder } from './auctions.service.ts';

const bidderOf = (auth: AuthContext, partnerId: number, language: Language): Bidder => ({
  partnerId,
  companyCode: auth.companyCode,
  language,
});

export default async function auctionRoutes(app: FastifyInstance) {
  addRoute(app, api.auctions.rfqList, async ({ auth, partnerId, body, language }) =>
    ok(await listRfqs(app.db, bidderOf(auth, partnerId, language), body, app.now())),
  );
  addRoute(app, api.auctions.rfqDetail, async ({ auth, partnerId, query, language }) =>
    ok(await rfqDetail(app.db, bidderOf(auth, partnerId, language), query.rfqNumber, app.now())),
  );
  addRoute(app, api.auctions.placeBid, async ({ auth, partnerId, body, language }) =>
    ok(await placeBid(app.db, bidderOf(auth, partnerId, language), body, app.now())),
  );
}
