import { useTranslation } from 'react-i18next';

/**
 * What a page or a part of one shows while its data loads: marked busy, so assistive technology
 * (and a journey waiting for the page to settle) knows it is not the content yet.
 */
export function Loading({ text, className = 'text-muted' }: { text?: string; className?: string }) {
  const { t } = useTranslation('common');
  return (
    <p className={className} aria-busy="true">
      {text ?? t('loading')}
    </p>
  );
}
