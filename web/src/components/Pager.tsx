import { useTranslation } from 'react-i18next';

/**
 * Previous / page n / Next under a server-paged list, with the list's own wording of its total
 * (e.g. "42 requests"). Lists page by pageNo; the server answers `total`. A search with more matches
 * than the contract counts (SEARCH_TOTAL_CAP) reads "More than 1,000 requests", and Next stays on
 * while a page comes back full.
 */
export function Pager({
  page,
  pageNo,
  pageSize,
  totalText,
  onPage,
}: {
  page: { items: readonly unknown[]; total: number; totalCapped: boolean };
  pageNo: number;
  pageSize: number;
  totalText: (total: number) => string;
  onPage: (pageNo: number) => void;
}) {
  const { t } = useTranslation();
  if (page.total === 0) return null;
  const last = page.totalCapped ? page.items.length < pageSize : pageNo >= Math.ceil(page.total / pageSize);
  return (
    <nav className="d-flex align-items-center gap-2" aria-label={t('pager.page', { pageNo })}>
      <span className="small text-muted me-auto">
        {page.totalCapped ? t('pager.moreThan', { total: totalText(page.total) }) : totalText(page.total)}
      </span>
      <button
        type="button"
        className="btn btn-outline-secondary btn-sm"
        disabled={pageNo <= 1}
        onClick={() => onPage(pageNo - 1)}
      >
        {t('pager.previous')}
      </button>
      <span className="small">{t('pager.page', { pageNo })}</span>
      <button type="button" className="btn btn-outline-secondary btn-sm" disabled={last} onClick={() => onPage(pageNo + 1)}>
        {t('next')}
      </button>
    </nav>
  );
}
