import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { bankAccountInputSchema } from '@pp/contract';
import { failureText } from '../../api/client.ts';
import { FormAlert } from '../../forms/fields.tsx';
import { PartForm } from '../../forms/PartForm.tsx';
import {
  deleteBankDraft,
  deleteFinanceDraft,
  profileKeys,
  quickLinksQuery,
  saveBankDraft,
  saveFinanceDraft,
} from './quick-links-api.ts';
import { onboardingQueries } from './api.ts';
import { useProfileKey } from './OnboardingPage.tsx';
import { ProfileModules } from './ProfileModules.tsx';
import { dateTimeOf } from '../../lib/dates.ts';
import { Card, CodeOfConduct, Draft, GstNotification, NO_FILES, financeYearSchema, useChange } from './profile-cards.tsx';

/**
 * /partnerprofile: the profile's quick links (section 7): registered address, every GSTIN with
 * whether the group activated it, tax contacts, TDS declaration, this year's GST notification, the
 * supplier code of conduct, and drafts of bank and finance changes; then the whole profile as
 * approved, every module read-only as the onboarding preview shows it.
 */
export default function PartnerProfilePage() {
  const { t } = useTranslation(['partner', 'routes', 'onboarding']);
  const statusWord = (status: string) =>
    status === 'Edit' || status === 'View' || status === 'Approved' ? t(`onboarding:status.${status}`) : status;
  const client = useQueryClient();
  const { data: links, error } = useQuery(quickLinksQuery);
  const profileKey = useProfileKey();
  const { data: whole } = useQuery(onboardingQueries.profile(profileKey));
  const removeBank = useChange(deleteBankDraft);
  const removeFinance = useChange(deleteFinanceDraft);
  const title = <h1 className="h4 page-title mb-1">{t('routes:title.partnerProfile')}</h1>;
  if (error)
    return (
      <section className="container-fluid py-3">
        {title}
        <FormAlert message={failureText(error)} />
      </section>
    );
  // The title at once; the global spinner says the rest is on its way.
  if (!links) return <section className="container-fluid py-3">{title}</section>;
  const { profile, address } = links;
  const key = profileKey ?? { companyCode: profile.companyCode, categoryCode: profile.categoryCode, international: false };
  const refresh = () => client.invalidateQueries({ queryKey: profileKeys.all });
  // Each part once, as a person writes an address: street lines, city, state and PIN, country.
  const addressLine = address
    ? [
        address.line1,
        address.line2,
        address.cityName,
        [address.stateName, address.postalCode].filter(Boolean).join(' '),
        address.countryName,
      ]
        .filter((part): part is string => Boolean(part))
        .filter((part, i, parts) => parts.findIndex((p) => p.toLowerCase() === part.toLowerCase()) === i)
        .join(', ')
    : '';
  return (
    <section className="container-fluid py-3">
      {title}
      <p className="text-muted small">
        <span data-user-content>
          {profile.organizationName} · {profile.partnerNumber}
        </span>
        {' · '}
        {t('profile.header', { business: profile.categoryName, status: statusWord(profile.status) })}
        {profile.requestNumber && ` · ${profile.requestNumber}`}
      </p>
      <div className="row g-3">
        <div className="col-lg-6">
          <Card id="ql-address" title={t('profile.address')}>
            <p className="small mb-0">{addressLine || t('profile.none')}</p>
          </Card>
          <Card id="ql-gstins" title={t('profile.gstins')}>
            {links.gstins.length === 0 ? (
              <p className="small text-muted mb-0">{t('profile.none')}</p>
            ) : (
              <table className="table table-sm small mb-0" aria-label={t('profile.gstins')}>
                <tbody>
                  {links.gstins.map((g) => (
                    <tr key={g.id}>
                      <td className="font-monospace">{g.gstin}</td>
                      <td>{g.stateName}</td>
                      <td>
                        <span className={`badge ${g.active ? 'text-bg-success' : 'text-bg-secondary'}`}>
                          {g.active ? t('profile.gstActive') : t('profile.gstPending')}
                        </span>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </Card>
          <Card id="ql-tax-contact" title={t('profile.taxContacts')}>
            {links.taxContacts.length === 0 ? (
              <p className="small text-muted mb-0">{t('profile.none')}</p>
            ) : (
              <ul className="list-unstyled small mb-0">
                {links.taxContacts.map((c) => (
                  <li key={c.id}>{[c.name, c.designation, c.email, c.mobile].filter(Boolean).join(' · ')}</li>
                ))}
              </ul>
            )}
          </Card>
          <Card id="ql-tds" title={t('profile.tds')}>
            <p className="small mb-0">
              {links.tdsDeclaration
                ? t('profile.tdsDeclared', {
                    year: links.tdsDeclaration.financialYear,
                    name: links.tdsDeclaration.signatoryName,
                    when: dateTimeOf(links.tdsDeclaration.declaredAt),
                  })
                : t('profile.tdsMissing')}
            </p>
          </Card>
          <GstNotification key={links.gstNotification?.submittedAt ?? 'none'} links={links} />
          <CodeOfConduct links={links} />
        </div>
        <div className="col-lg-6">
          <Draft
            id="ql-bank-draft"
            title={t('profile.bankDraft')}
            savedAt={links.bankDraft?.savedAt ?? null}
            onDelete={() => removeBank.mutate(undefined)}
          >
            <PartForm
              id="bank-draft"
              spec="bankAccounts"
              schema={bankAccountInputSchema}
              saved={links.bankDraft}
              profile={key}
              files={NO_FILES}
              submitLabel={t('profile.saveDraft')}
              onSave={async (values) => {
                await saveBankDraft(values);
                await refresh();
              }}
            />
          </Draft>
          <Draft
            id="ql-finance-draft"
            title={t('profile.financeDraft', { year: links.financialYear })}
            savedAt={links.financeDraft?.savedAt ?? null}
            onDelete={() => removeFinance.mutate(undefined)}
          >
            <PartForm
              id="finance-draft"
              spec="performance"
              schema={financeYearSchema}
              saved={links.financeDraft?.years[0] ?? null}
              profile={key}
              files={NO_FILES}
              submitLabel={t('profile.saveDraft')}
              onSave={async (values) => {
                await saveFinanceDraft({ ...values, financialYear: links.financialYear });
                await refresh();
              }}
            />
          </Draft>
        </div>
      </div>
      <h2 className="h5 mt-4">{t('profile.whole')}</h2>
      {whole && profileKey && <ProfileModules profile={whole} profileKey={profileKey} />}
    </section>
  );
}
