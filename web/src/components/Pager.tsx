import { useTranslation } from 'react-i18next';

/**
 * Previous / page n / Next under a server-paged list, with the list's own wording of its total
 * (e.g. "42 requests"). Lists page by pageNo; the server answers `total`.
 */
export function Pager({
  pageNo,
  pageSize,
  total,
  totalText,
  onPage,
}: {
  pageNo: number;
  pageSize: number;
  total: number;
  totalText: string;
  onPage: (pageNo: number) => void;
}) {
  const { t } = useTranslation();
  if (total === 0) return null;
  const lastPage = Math.max(1, Math.ceil(total / pageSize));
  return (
    <nav className="d-flex align-items-center gap-2" aria-label={t('pager.page', { pageNo })}>
      <span className="small text-muted me-auto">{totalText}</span>
      <button
        type="button"
        className="btn btn-outline-secondary btn-sm"
        disabled={pageNo <= 1}
        onClick={() => onPage(pageNo - 1)}
      >
        {t('pager.previous')}
      </button>
      <span className="small">{t('pager.page', { pageNo })}</span>
      <button
        type="button"
        className="btn btn-outline-secondary btn-sm"
        disabled={pageNo >= lastPage}
        onClick={() => onPage(pageNo + 1)}
      >
        {t('next')}
      </button>
    </nav>
  );
}
