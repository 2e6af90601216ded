import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { onboardingQueries } from './api.ts';
import { ProfileModules } from './ProfileModules.tsx';
import { useProfileKey } from './OnboardingPage.tsx';
import { FileLink } from '../../components/FileLink.tsx';
import { Loading } from '../../components/Loading.tsx';

/** /onboardingDetailPreview: the submitted profile, every module read-only, with its documents. */
export default function PreviewPage() {
  const { t } = useTranslation(['onboarding', 'onboardingLabels']);
  const key = useProfileKey();
  const read = useQuery(onboardingQueries.profile(key));
  const { data: profile } = read;
  if (!key || !profile) return <Loading text={t('loading')} className="container py-4 text-muted" of={read} />;
  const { requestNumber, submittedAt, status } = profile.profile;
  return (
    <section className="container py-4">
      <h1 className="h3 page-title mb-1">{t('previewTitle')}</h1>
      <p className="text-muted">
        {profile.profile.organizationName} · {profile.profile.categoryName}
      </p>
      <div className="alert alert-info d-flex flex-wrap gap-3" role="status">
        <span>{t('statusIs', { status: t(`status.${status}`) })}</span>
        {requestNumber && <span>{t('requestNumber', { number: requestNumber })}</span>}
        {submittedAt && <span>{t('submittedOn', { date: submittedAt.slice(0, 10) })}</span>}
      </div>
      <section className="mb-4" aria-labelledby="documents-title">
        <h2 id="documents-title" className="h5">
          {t('documents')}
        </h2>
        {profile.files.length === 0 ? (
          <p className="small text-muted">{t('noRows')}</p>
        ) : (
          <ul className="small">
            {profile.files.map((f) => (
              <li key={f.uniqueId}>
                <FileLink file={f} />
              </li>
            ))}
          </ul>
        )}
      </section>
      <ProfileModules profile={profile} profileKey={key} />
    </section>
  );
}
