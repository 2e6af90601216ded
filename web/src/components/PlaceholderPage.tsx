import { useTranslation } from 'react-i18next';

/** A page that a later piece of work fills: its real title, in its real layout, saying so plainly. */
export function PlaceholderPage({ title }: { title: string }) {
  const { t } = useTranslation('messages');
  return (
    <section className="container py-4">
      <h1 className="h3 page-title">{title}</h1>
      <div className="alert alert-info mt-3" role="note">
        {t('notAvailableYet')}
      </div>
    </section>
  );
}
