import { useTranslation } from 'react-i18next';

/** What `Loading` needs of a read it waits on (a useQuery result). */
interface Awaited {
  isError: boolean;
  isFetching: boolean;
}

/**
 * What a page or a part of one shows while its data loads: marked busy, so assistive technology
 * (and a journey waiting for the page to settle) knows it is not the content yet. Given the reads
 * it waits on (`of`), it goes once one of them has failed: the page's `ReadFailures` says so and
 * offers to try again, and a "Loading…" left standing would wait for ever.
 */
export function Loading({
  text,
  className = 'text-muted',
  of,
}: {
  text?: string;
  className?: string;
  of?: Awaited | readonly Awaited[];
}) {
  const { t } = useTranslation('common');
  const reads = of === undefined ? [] : Array.isArray(of) ? (of as readonly Awaited[]) : [of as Awaited];
  if (reads.some((read) => read.isError && !read.isFetching)) return null;
  return (
    <p className={className} aria-busy="true">
      {text ?? t('loading')}
    </p>
  );
}
