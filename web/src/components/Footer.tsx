import { useTranslation } from 'react-i18next';

export function Footer() {
  const { t } = useTranslation();
  return (
    <footer className="site-footer text-center text-muted small py-3 mt-auto">
      {t('footer', { year: new Date().getFullYear() })}
    </footer>
  );
}
