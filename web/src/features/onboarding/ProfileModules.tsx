import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { OnboardingProfile } from '@pp/contract';
import type { ProfileKey } from '../../forms/profile-options.ts';
import { onboardingQueries } from './api.ts';
import { MODULE_PAGES } from './modules.tsx';
import { Loading } from '../../components/Loading.tsx';

/** Every module of a profile read-only, as the onboarding pages lay it out (the preview, and the approved profile). */
export function ProfileModules({ profile, profileKey }: { profile: OnboardingProfile; profileKey: ProfileKey }) {
  const { t } = useTranslation(['onboarding', 'onboardingLabels']);
  const read = useQuery(onboardingQueries.modules());
  const { data: modules } = read;
  if (!modules) return <Loading text={t('loading')} of={read} />;
  return (
    <>
      {modules.map((m) => {
        const Page = MODULE_PAGES[m.moduleCode];
        return (
          <section key={m.moduleCode} className="card mb-3" aria-labelledby={`preview-${m.moduleCode}`}>
            <div className="card-body">
              <h2 id={`preview-${m.moduleCode}`} className="h5">
                {t(`onboardingLabels:module.${m.moduleCode}`)}
              </h2>
              <fieldset disabled>
                <Page profile={profile} profileKey={profileKey} readOnly />
              </fieldset>
            </div>
          </section>
        );
      })}
    </>
  );
}
