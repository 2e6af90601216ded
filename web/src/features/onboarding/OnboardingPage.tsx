import { useDeferredValue, useEffect, useEffectEvent, useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { DOMESTIC_COUNTRY_CODE, type MissingItem, type OnboardingModuleCode, type OnboardingProfile } from '@pp/contract';
import { failureText } from '../../api/client.ts';
import { Modal } from '../../components/Modal.tsx';
import { navigateTo } from '../../api/navigation.ts';
import { partnerInfoQuery, switchCategory } from '../../api/partner.ts';
import { useTextByKey } from '../../i18n/index.ts';
import { showAlert } from '../../lib/ui-state.ts';
import { href } from '../../routing/routes.ts';
import { session, useSession } from '../../session/session.ts';
import { onboardingKeys, onboardingQueries, submitProfile, type ProfileKey } from './api.ts';
import { MODULE_PAGES } from './modules.tsx';
import { Loading } from '../../components/Loading.tsx';

/** The profile the session works on, once the partner's country is known. */
export function useProfileKey(): ProfileKey | null {
  const { companyCode, categoryCode } = useSession();
  const { data: info } = useQuery(partnerInfoQuery);
  if (companyCode === null || categoryCode === null || !info) return null;
  return { companyCode, categoryCode, international: info.countryDetail.countryCode !== DOMESTIC_COUNTRY_CODE };
}

function Progress({ value, label }: { value: number; label: string }) {
  return (
    <div
      className="progress"
      role="progressbar"
      aria-label={label}
      aria-valuenow={value}
      aria-valuemin={0}
      aria-valuemax={100}
      style={{ height: '0.5rem' }}
    >
      <div className={`progress-bar ${value === 100 ? 'bg-success' : ''}`} style={{ width: `${value}%` }} />
    </div>
  );
}

/** A missing item in the page's language: the module, then the field or question. */
export function useMissingText() {
  const { t } = useTranslation('onboardingLabels');
  const text = useTextByKey('onboardingLabels');
  return (m: MissingItem) => {
    const module = t(`module.${m.moduleCode}`);
    const item = m.label === 'item.question' ? (m.text ?? '') : text(m.label);
    if (m.row !== null) return t('onboarding.missingRow', { module, item, row: m.row });
    if (/^(performance|strength|statements)\./.test(m.path))
      return t('onboarding.missingYear', { module, item, year: m.text ?? '' });
    return t('onboarding.missing', { module, item });
  };
}

/**
 * The module being filled in. Its form is the page's heaviest render, so it mounts a moment after
 * the page's frame (title, modules, Submit): a slow device shows the page, not "Loading…", meanwhile.
 */
function ModuleForm({
  code,
  profile,
  profileKey,
}: {
  code: OnboardingModuleCode;
  profile: OnboardingProfile;
  profileKey: ProfileKey;
}) {
  const { t } = useTranslation(['onboarding', 'onboardingLabels']);
  const shown = useDeferredValue<OnboardingModuleCode | null>(code, null);
  if (!shown) return <Loading text={t('loading')} />;
  const Page = MODULE_PAGES[shown];
  return (
    <>
      <h2 className="h5 mb-3">{t(`onboardingLabels:module.${shown}`)}</h2>
      <Page
        key={`${shown}-${profileKey.companyCode}-${profileKey.categoryCode}`}
        profile={profile}
        profileKey={profileKey}
        readOnly={false}
      />
    </>
  );
}

/**
 * /onboardingDetails: the modules of the current company's profile with their percentages, the
 * module being filled in, and Submit, enabled once the three mandatory checks pass.
 */
export default function OnboardingPage() {
  const { t } = useTranslation(['onboarding', 'onboardingLabels', 'messages']);
  const key = useProfileKey();
  const client = useQueryClient();
  const [params, setParams] = useSearchParams();
  const [current, setCurrent] = useState<OnboardingModuleCode>('GEN');
  const missingText = useMissingText();
  const [missingOpen, setMissingOpen] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const missingRef = useRef<HTMLElement>(null);

  // An entry with onboardStatus=OnProgress names the company and business to work on (spec section 2).
  const entering = params.get('onboardStatus') === 'OnProgress';
  const entryCompany = entering ? Number(params.get('companyCode')) : 0;
  const entryCategory = entering ? (params.get('categoryCode') ?? '') : '';
  // Runs once per company and business named, reading the page's latest params and texts.
  const enter = useEffectEvent((companyCode: number, categoryCode: string) => {
    void switchCategory(categoryCode, companyCode)
      .then(() => session.setCompany(companyCode, params.get('companyName') ?? session.get().companyName, categoryCode))
      .catch((error: unknown) => showAlert(failureText(error, t('messages:companySwitchFailure'))))
      .finally(() => setParams({}, { replace: true }));
  });
  useEffect(() => {
    if (entryCompany && entryCategory) enter(entryCompany, entryCategory);
  }, [entryCompany, entryCategory]);

  const modulesRead = useQuery(onboardingQueries.modules());
  const profileRead = useQuery(onboardingQueries.profile(key));
  const { data: modules } = modulesRead;
  const { data: profile } = profileRead;
  const { data: progress } = useQuery(onboardingQueries.progress(key));
  const { data: checks } = useQuery(onboardingQueries.checks(key));

  const submit = useMutation({
    mutationFn: () => submitProfile(key!),
    onSuccess: async (answer) => {
      session.setToken(answer.accessToken);
      await client.invalidateQueries({ queryKey: onboardingKeys.all });
      navigateTo(href('onboardingDetailPreview'));
    },
    onError: (error) => void showAlert(failureText(error)),
  });

  if (!key || !profile || !modules)
    return <Loading text={t('loading')} className="container py-4 text-muted" of={[modulesRead, profileRead]} />;
  const progressOf = (code: string) => {
    const own = progress?.modules.find((m) => m.moduleCode === code);
    // A module that asks nothing mandatory is not "100 % done" before the partner has opened it.
    return own && own.total === 0 ? t('optional') : `${own?.percentage ?? 0}%`;
  };
  const ready = checks?.complete === true;
  const trySubmit = () => {
    if (ready) return setConfirming(true);
    setMissingOpen(true);
    missingRef.current?.focus();
  };

  return (
    <section className="container-fluid py-4 px-lg-5">
      <div className="d-flex flex-wrap align-items-end gap-3 mb-3">
        <div>
          <h1 className="h3 page-title mb-1">{t('title')}</h1>
          <p className="text-muted mb-0">
            {profile.profile.organizationName} · {profile.profile.categoryName}
          </p>
        </div>
        <div className="ms-auto" style={{ minWidth: '16rem' }}>
          <div className="small fw-semibold mb-1" data-testid="overall-progress">
            {t('overall', { percentage: progress?.overall ?? 0 })}
          </div>
          <Progress value={progress?.overall ?? 0} label={t('overallLabel')} />
        </div>
      </div>
      <div className="row g-4">
        <nav className="col-lg-3" aria-label={t('modules')}>
          <div className="list-group">
            {modules.map((m) => (
              <button
                key={m.moduleCode}
                type="button"
                className={`list-group-item list-group-item-action ${m.moduleCode === current ? 'active' : ''}`}
                aria-current={m.moduleCode === current ? 'page' : undefined}
                onClick={() => setCurrent(m.moduleCode)}
              >
                <span className="d-flex justify-content-between">
                  <span>{t(`onboardingLabels:module.${m.moduleCode}`)}</span>
                  <span className="small" data-testid={`progress-${m.moduleCode}`}>
                    {progressOf(m.moduleCode)}
                  </span>
                </span>
              </button>
            ))}
          </div>
          <div className="card mt-3">
            <div className="card-body">
              {/* Enabled before the profile is complete: a partner who tries it early is shown what is missing.
                  Not before the checks have come: a press then would find the profile incomplete and show nothing. */}
              <button
                type="button"
                className={`btn w-100 ${ready ? 'btn-success' : 'btn-outline-success'}`}
                disabled={submit.isPending || !checks}
                onClick={trySubmit}
              >
                {t('submit')}
              </button>
              {confirming && (
                <Modal
                  title={t('submitConfirmTitle')}
                  onOk={() => {
                    setConfirming(false);
                    submit.mutate();
                  }}
                  onCancel={() => setConfirming(false)}
                >
                  {t('submitConfirm')}
                </Modal>
              )}
              {checks && !checks.complete && (
                <div className="mt-2">
                  <p className="small text-muted mb-1">{missingOpen ? t('submitBlocked') : t('submitHint')}</p>
                  <details open={missingOpen} onToggle={(e) => setMissingOpen(e.currentTarget.open)}>
                    <summary className="small" ref={missingRef}>
                      {t('stillMissing', { count: checks.missing.length })}
                    </summary>
                    <ul className="small mb-0 ps-3" aria-label={t('missingList')}>
                      {checks.missing.map((m) => (
                        <li key={m.path}>{missingText(m)}</li>
                      ))}
                    </ul>
                  </details>
                </div>
              )}
            </div>
          </div>
        </nav>
        <div className="col-lg-9">
          <ModuleForm code={current} profile={profile} profileKey={key} />
        </div>
      </div>
    </section>
  );
}
