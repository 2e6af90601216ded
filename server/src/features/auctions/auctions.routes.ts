import type { FastifyInstance } from 'fastify';
import { api } from '@pp/contract';
import { addRoute, ok, type AuthContext } from '@pp/platform';
import { listRfqs, placeBid, rfqDetail, type Bidder } from './auctions.service.ts';

const bidderOf = (auth: AuthContext, partnerId: number): Bidder => ({ partnerId, companyCode: auth.companyCode });

export default async function auctionRoutes(app: FastifyInstance) {
  const a = api.auctions;
  addRoute(app, a.rfqList, async ({ auth, partnerId, body }) =>
    ok(await listRfqs(app.db, bidderOf(auth, partnerId), body, app.now())),
  );
  addRoute(app, a.rfqDetail, async ({ auth, partnerId, query }) =>
    ok(await rfqDetail(app.db, bidderOf(auth, partnerId), query.rfqNumber, app.now())),
  );
  addRoute(app, a.placeBid, async ({ auth, partnerId, body }) =>
    ok(await placeBid(app.db, bidderOf(auth, partnerId), body, app.now())),
  );
}
