import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { FormProvider } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { declarationAcceptanceInputSchema, financialYears } from '@pp/contract';
import { applyFailure } from '../../../forms/failure.ts';
import { CheckField, FormAlert, TextField } from '../../../forms/fields.tsx';
import { useContractForm } from '../../../forms/use-contract-form.ts';
import { onboardingQueries, profileSaves } from '../api.ts';
import { useModule, type ModuleProps } from './shared.tsx';

const tdsSchema = z.object({ signatoryName: declarationAcceptanceInputSchema.shape.signatoryName });

export function DeclarationsModule(props: ModuleProps) {
  const { t } = useTranslation(['onboarding', 'onboardingLabels']);
  const { save } = useModule(props);
  const { profile, profileKey, readOnly } = props;
  const { data: text } = useQuery(onboardingQueries.declaration(profileKey.companyCode));
  const accept = useContractForm(declarationAcceptanceInputSchema, {
    defaultValues: {
      // Not accepted yet: the box starts empty, and the schema (accepted must be true) says so on Submit.
      ...(profile.acceptance !== null ? { accepted: true } : {}),
      signatoryName: profile.acceptance?.signatoryName ?? '',
      signatoryDesignation: profile.acceptance?.signatoryDesignation ?? '',
      place: profile.acceptance?.place ?? '',
    },
  });
  const tds = useContractForm(tdsSchema, { defaultValues: { signatoryName: profile.tdsDeclaration?.signatoryName ?? '' } });
  const [alert, setAlert] = useState<string | null>(null);
  const latest = financialYears()[0]!;
  return (
    <>
      <section className="mb-4">
        <h3 className="h6">{t('declaration')}</h3>
        {/* The company's own text, from the server (fixtures or staff), shown as written. */}
        <div
          className="border rounded p-3 small bg-body-tertiary mb-3"
          dangerouslySetInnerHTML={{ __html: text?.declarationHtml ?? '' }}
        />
        {profile.acceptance && (
          <p className="small text-success">
            {t('acceptedBy', { name: profile.acceptance.signatoryName, date: profile.acceptance.acceptedAt.slice(0, 10) })}
          </p>
        )}
        {!readOnly && (
          <FormProvider {...accept}>
            <form
              noValidate
              aria-label={t('declaration')}
              onSubmit={(e) =>
                void accept.handleSubmit(async (values) => {
                  setAlert(null);
                  try {
                    await save(() => profileSaves.accept(profileKey, values));
                  } catch (error) {
                    setAlert(applyFailure(accept, error));
                  }
                })(e)
              }
            >
              <FormAlert message={alert} />
              <CheckField id="accept-declaration" name="accepted" label={t('acceptDeclaration')} required />
              <div className="row">
                <div className="col-md-4">
                  <TextField id="accept-name" name="signatoryName" label={t('signatoryName')} required />
                </div>
                <div className="col-md-4">
                  <TextField id="accept-designation" name="signatoryDesignation" label={t('signatoryDesignation')} required />
                </div>
                <div className="col-md-4">
                  <TextField id="accept-place" name="place" label={t('place')} required />
                </div>
              </div>
              <button type="submit" className="btn btn-primary btn-sm">
                {t('acceptButton')}
              </button>
            </form>
          </FormProvider>
        )}
      </section>
      {!profile.profile.international && (
        <section className="mb-4">
          <h3 className="h6">{t('tdsTitle', { year: latest })}</h3>
          <div
            className="border rounded p-3 small bg-body-tertiary mb-3"
            dangerouslySetInnerHTML={{ __html: text?.tdsDeclarationHtml ?? '' }}
          />
          {profile.tdsDeclaration && (
            <p className="small text-success">{t('declaredOn', { date: profile.tdsDeclaration.declaredAt.slice(0, 10) })}</p>
          )}
          {!readOnly && (
            <FormProvider {...tds}>
              <form
                noValidate
                aria-label={t('tdsTitle', { year: latest })}
                onSubmit={(e) =>
                  void tds.handleSubmit(async ({ signatoryName }) => {
                    try {
                      await save(() => profileSaves.tds(profileKey, latest, signatoryName));
                    } catch (error) {
                      setAlert(applyFailure(tds, error));
                    }
                  })(e)
                }
              >
                <div className="col-md-4">
                  <TextField id="tds-name" name="signatoryName" label={t('signatoryName')} required />
                </div>
                <button type="submit" className="btn btn-primary btn-sm">
                  {t('declareTds')}
                </button>
              </form>
            </FormProvider>
          )}
        </section>
      )}
    </>
  );
}
