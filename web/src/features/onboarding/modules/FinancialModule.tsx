import { useTranslation } from 'react-i18next';
import { FINANCIAL_PARTS, financialYears } from '@pp/contract';
import { FilePicker } from '../../../components/FilePicker.tsx';
import { PartForm } from '../../../forms/PartForm.tsx';
import { profileSaves, type FinancialFormPart } from '../api.ts';
import { ModuleQuestions, useModule, type ModuleProps } from './shared.tsx';

/** Each financial part's form per year: the year is the section's, not a field. */
const FINANCIAL_FORMS = {
  performance: FINANCIAL_PARTS.performance.input.omit({ financialYear: true }),
  strength: FINANCIAL_PARTS.strength.input.omit({ financialYear: true }),
  others: FINANCIAL_PARTS.others.input.omit({ financialYear: true }),
} as const satisfies Record<FinancialFormPart, unknown>;

const FINANCIAL_FORM_PARTS = Object.keys(FINANCIAL_FORMS) as FinancialFormPart[];

export function FinancialModule(props: ModuleProps) {
  const { t } = useTranslation(['onboarding', 'onboardingLabels']);
  const { save, files } = useModule(props);
  const { profile, profileKey, readOnly } = props;
  const { financial } = profile;
  const [latest, previous] = financialYears();
  const requiredFor = (part: string, year: string) => (name: string) =>
    (part === 'performance' &&
      (year === latest || year === previous) &&
      ['turnover', 'profitBeforeTax', 'profitAfterTax'].includes(name)) ||
    (part === 'strength' && year === latest && ['netWorth', 'paidUpCapital'].includes(name));
  return (
    <>
      <p className="small text-muted">{t('amountsIn')}</p>
      <p className="small" id="financial-required">
        {t('financialRequired', { latest: latest ?? '', previous: previous ?? '' })}
      </p>
      {financial.years.map((year) => {
        const statement = financial.statements.find((s) => s.financialYear === year);
        const info = statement?.fileId ? files.get(statement.fileId) : undefined;
        return (
          <section key={year} className="card mb-3" aria-label={t('financialYear', { year })}>
            <div className="card-body">
              <h3 className="h6">{t('financialYear', { year })}</h3>
              {FINANCIAL_FORM_PARTS.map((part) => (
                <div key={part} className="mb-2">
                  <h4 className="small text-uppercase text-muted">{t(`fin.${part}`)}</h4>
                  <PartForm
                    id={`${part}-${year}`}
                    spec={part}
                    schema={FINANCIAL_FORMS[part]}
                    saved={(financial[part] as { financialYear: string }[]).find((r) => r.financialYear === year) ?? null}
                    profile={profileKey}
                    files={files}
                    required={requiredFor(part, year)}
                    errorPrefix="years.0."
                    submitLabel={t('save')}
                    readOnly={readOnly}
                    onSave={(values) => save(() => profileSaves.financial(part, { ...values, financialYear: year }))}
                  />
                </div>
              ))}
              <FilePicker
                id={`statement-${year}`}
                label={t('onboardingLabels:field.statements.fileId')}
                single
                required={!profile.profile.international && (year === latest || year === previous)}
                disabled={readOnly}
                files={info ? [info] : []}
                onChange={(list) => void save(() => profileSaves.statement(year, list[0]?.uniqueId ?? null))}
              />
            </div>
          </section>
        );
      })}
      <ModuleQuestions moduleCode="FIN" props={props} />
    </>
  );
}
