import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { BID_REMARKS_MAX, type RfqDetail, type RfqStatus } from '@pp/contract';
import { failureText } from '../../api/client.ts';
import { FormAlert } from '../../forms/fields.tsx';
import { rupeesExact as rupees } from '../../lib/money.ts';
import { placeBid, rfqKeys, rfqQuery } from './api.ts';
import { Loading } from '../../components/Loading.tsx';
import { dateTimeOf } from '../../lib/dates.ts';
import { indianNumber } from '../../lib/numbers.ts';

const STATUS_TONE: Record<RfqStatus, string> = {
  OPEN: 'text-bg-success',
  UPCOMING: 'text-bg-info',
  CLOSED: 'text-bg-secondary',
};

export function StatusBadge({ status }: { status: RfqStatus }) {
  const { t } = useTranslation('partner');
  return <span className={`badge ${STATUS_TONE[status]}`}>{t(`rfq.status.${status}`)}</span>;
}

/** The bid box of an open RFQ: an auction says the most the partner may bid now. */
function BidForm({ rfq, setAlert }: { rfq: RfqDetail; setAlert: (message: string | null) => void }) {
  const { t } = useTranslation(['partner', 'common']);
  const client = useQueryClient();
  const [amount, setAmount] = useState('');
  const [remarks, setRemarks] = useState('');
  const [placed, setPlaced] = useState(false);
  const bid = useMutation({
    mutationFn: () =>
      placeBid({
        rfqNumber: rfq.rfqNumber,
        amount: Number(amount),
        ...(remarks.trim() ? { remarks: remarks.trim() } : {}),
      }),
    onMutate: () => {
      setAlert(null);
      setPlaced(false);
    },
    onSuccess: async (updated) => {
      setAmount('');
      setRemarks('');
      setPlaced(true);
      client.setQueryData(rfqQuery(rfq.rfqNumber).queryKey, updated);
      await client.invalidateQueries({ queryKey: [...rfqKeys.all, 'list'] });
    },
    // A closed RFQ or a bid an auction no longer takes: the server's words (kept above the RFQ, which
    // may lose its bid box), and the page's figures refreshed.
    onError: async (error) => {
      setAlert(failureText(error));
      await client.invalidateQueries({ queryKey: rfqKeys.all });
    },
  });
  const value = Number(amount);
  const valid = amount.trim() !== '' && Number.isFinite(value) && value > 0 && (rfq.maxBid === null || value <= rfq.maxBid);
  return (
    <section className="border rounded p-3 mb-3 bg-white" aria-label={t('rfq.placeBid')}>
      <h3 className="h6">{rfq.myBid === null ? t('rfq.placeBid') : t('rfq.reviseBid')}</h3>
      {placed && (
        <div className="alert alert-success py-2" role="status">
          {t('rfq.bidPlaced')}
        </div>
      )}
      <div className="row g-2 align-items-end">
        <div className="col-12 col-md-4">
          <label htmlFor="bid-amount" className="form-label required">
            {t('rfq.amount', { currency: rfq.currency })}
          </label>
          <input
            id="bid-amount"
            type="number"
            inputMode="decimal"
            min={0.01}
            step={0.01}
            max={rfq.maxBid ?? undefined}
            className="form-control"
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            aria-describedby="bid-hint"
          />
        </div>
        <div className="col-12 col-md-6">
          <label htmlFor="bid-remarks" className="form-label">
            {t('rfq.remarks')}
          </label>
          <input
            id="bid-remarks"
            className="form-control"
            maxLength={BID_REMARKS_MAX}
            value={remarks}
            onChange={(e) => setRemarks(e.target.value)}
          />
        </div>
        <div className="col-12 col-md-2">
          <button type="button" className="btn btn-primary w-100" disabled={!valid || bid.isPending} onClick={() => bid.mutate()}>
            {t('rfq.submitBid')}
          </button>
        </div>
      </div>
      <div id="bid-hint" className="form-text">
        {rfq.maxBid === null
          ? t('rfq.sealedHint', { closing: dateTimeOf(rfq.closingAt) })
          : t('rfq.auctionHint', {
              max: rupees(rfq.maxBid),
              step: rupees(rfq.minDecrement ?? 0),
              closing: dateTimeOf(rfq.closingAt),
            })}
      </div>
    </section>
  );
}

export function RfqView({ rfqNumber, onBack }: { rfqNumber: string; onBack: () => void }) {
  const { t } = useTranslation(['partner', 'common']);
  const read = useQuery(rfqQuery(rfqNumber));
  const { data: rfq } = read;
  const [alert, setAlert] = useState<string | null>(null);
  const back = (
    <button type="button" className="btn btn-link px-0 mb-2" onClick={onBack}>
      ← {t('rfq.backToList')}
    </button>
  );
  if (!rfq)
    return (
      <div>
        {back}
        <Loading of={read} />
      </div>
    );
  const auction = rfq.kind === 'AUCTION';
  return (
    <div>
      {back}
      <div className="card shadow-sm mb-3">
        <div className="card-body">
          <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
            <h2 className="h5 mb-0 me-2" data-user-content>
              {rfq.title}
            </h2>
            <StatusBadge status={rfq.status} />
            <span className="badge text-bg-light border">{t(`rfq.kind.${rfq.kind}`)}</span>
            <span className="font-monospace small text-muted ms-auto">{rfq.rfqNumber}</span>
          </div>
          <p className="small" data-user-content>
            {rfq.description}
          </p>
          <dl className="row small mb-0">
            <dt className="col-sm-3">{t('rfq.category')}</dt>
            <dd className="col-sm-9">{rfq.categoryName}</dd>
            <dt className="col-sm-3">{t('rfq.quantity')}</dt>
            <dd className="col-sm-9">{t('rfq.quantityOf', { quantity: indianNumber(rfq.quantity), unit: rfq.unit })}</dd>
            <dt className="col-sm-3">{t('rfq.delivery')}</dt>
            <dd className="col-sm-9">{rfq.deliveryLocation}</dd>
            <dt className="col-sm-3">{t('rfq.opening')}</dt>
            <dd className="col-sm-9">{dateTimeOf(rfq.openingAt)}</dd>
            <dt className="col-sm-3">{t('rfq.closing')}</dt>
            <dd className="col-sm-9">{dateTimeOf(rfq.closingAt)}</dd>
            {auction && (
              <>
                <dt className="col-sm-3">{t('rfq.startPrice')}</dt>
                <dd className="col-sm-9">{rupees(rfq.startPrice ?? 0)}</dd>
                <dt className="col-sm-3">{t('rfq.lowestBid')}</dt>
                <dd className="col-sm-9" data-testid="lowest-bid">
                  {rfq.lowestBid === null ? t('rfq.noBidsYet') : rupees(rfq.lowestBid)}
                  {rfq.bidders ? ` · ${t('rfq.bidders', { count: rfq.bidders })}` : ''}
                </dd>
                {rfq.myRank !== null && (
                  <>
                    <dt className="col-sm-3">{t('rfq.myRank')}</dt>
                    <dd className="col-sm-9" data-testid="my-rank">
                      {t('rfq.rank', { rank: rfq.myRank })}
                    </dd>
                  </>
                )}
              </>
            )}
          </dl>
        </div>
      </div>
      <FormAlert message={alert} />
      {rfq.status === 'OPEN' ? (
        <BidForm rfq={rfq} setAlert={setAlert} />
      ) : (
        <p className="alert alert-secondary py-2">
          {rfq.status === 'UPCOMING' ? t('rfq.notOpenYet', { opening: dateTimeOf(rfq.openingAt) }) : t('rfq.closedNote')}
        </p>
      )}
      <h3 className="h6">{t('rfq.myBids')}</h3>
      {rfq.myBids.length === 0 ? (
        <p className="text-muted small">{t('rfq.noBids')}</p>
      ) : (
        <table className="table table-sm bg-white small" aria-label={t('rfq.myBids')}>
          <thead>
            <tr>
              <th scope="col">{t('rfq.placedAt')}</th>
              <th scope="col" className="text-end">
                {t('rfq.amountColumn')}
              </th>
              <th scope="col">{t('rfq.remarks')}</th>
            </tr>
          </thead>
          <tbody>
            {rfq.myBids.map((b, i) => (
              <tr key={i}>
                <td className="text-nowrap">{dateTimeOf(b.placedAt, true)}</td>
                <td className="text-end text-nowrap">{rupees(b.amount)}</td>
                <td>{b.remarks}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
