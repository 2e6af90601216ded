import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  FINANCIAL_PARTS,
  ONBOARDING_LISTS,
  listRowInput,
  ONBOARDING_PARTS,
  api,
  declarationAcceptanceInputSchema,
  financialYears,
  type OnboardingListName,
  type OnboardingModuleCode,
  type OnboardingProfile,
  type StoredFileInfo,
} from '@pp/contract';
import { z } from 'zod';
import { call } from '../../api/client.ts';
import { FilePicker } from '../../components/FilePicker.tsx';
import { FormAlert, TextField } from '../../forms/fields.tsx';
import { onboardingQueries, refreshProfile, type ProfileKey } from './api.ts';
import { ListEditor } from './ListEditor.tsx';
import { PartForm } from '../../forms/PartForm.tsx';
import { Questions } from './Questions.tsx';
import { useMandatory } from './use-mandatory.ts';
import { useContractForm } from '../../forms/use-contract-form.ts';
import { FormProvider } from 'react-hook-form';
import { useState } from 'react';
import { applyFailure } from '../../forms/failure.ts';

const o = api.onboarding;

/**
 * Runs a save, then reads the profile, percentages and checks again. The save resolves without
 * waiting for that read: a form resets (an added row's form empties) before the new row is
 * listed, not after the partner has started typing the next one.
 */
function useProfileSave(key: ProfileKey) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (save: () => Promise<unknown>) => save(),
    onSuccess: () => void refreshProfile(client, key),
  }).mutateAsync;
}

interface ModuleProps {
  profile: OnboardingProfile;
  profileKey: ProfileKey;
  readOnly: boolean;
}

/** What every module page shares: the profile, its files, the mandatory marks, the save. */
function useModule({ profile, profileKey }: ModuleProps) {
  const save = useProfileSave(profileKey);
  const { required } = useMandatory(profile);
  const files = new Map<string, StoredFileInfo>(profile.files.map((f) => [f.uniqueId, f]));
  return { save, required, files };
}

/** A list of the profile, saved one row at a time through the module's save call. */
function ProfileList({
  list,
  props,
  saveRow,
  deleteRow,
}: {
  list: OnboardingListName;
  props: ModuleProps;
  saveRow: (row: Record<string, unknown>) => Promise<unknown>;
  deleteRow: (id: number) => Promise<unknown>;
}) {
  const { t } = useTranslation('onboardingLabels');
  const { save, required, files } = useModule(props);
  const international = props.profile.profile.international;
  const hidden = list === 'bankAccounts' ? (international ? ['ifsc'] : ['swiftCode', 'iban']) : [];
  return (
    <ListEditor
      id={list}
      spec={list}
      title={t(`list.${list}`)}
      rowSchema={ONBOARDING_LISTS[list].input}
      rows={props.profile.lists[list]}
      profile={props.profileKey}
      files={files}
      required={required(list, list)}
      hidden={hidden}
      errorPrefix={`${list}.0.`}
      readOnly={props.readOnly}
      onSave={(row) => save(() => saveRow(row))}
      onDelete={(id) => save(() => deleteRow(id))}
    />
  );
}

function ModuleQuestions({ moduleCode, props }: { moduleCode: OnboardingModuleCode; props: ModuleProps }) {
  const { save } = useModule(props);
  const questions = props.profile.questions.filter((q) => q.moduleCode === moduleCode);
  return (
    <Questions
      id={`questions-${moduleCode}`}
      questions={questions}
      readOnly={props.readOnly}
      onSave={(answers) =>
        save(() =>
          call(o.saveAnswers, {
            body: { companyCode: props.profileKey.companyCode, categoryCode: props.profileKey.categoryCode, answers },
          }),
        )
      }
    />
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="mb-4">
      <h3 className="h6">{title}</h3>
      {children}
    </section>
  );
}

function GeneralModule(props: ModuleProps) {
  const { t } = useTranslation('onboarding');
  const { save, required, files } = useModule(props);
  const { profile, profileKey, readOnly } = props;
  const international = profile.profile.international;
  return (
    <>
      <p className="small">
        <span className="text-muted">{t('organisationName')}:</span> <strong>{profile.profile.organizationName}</strong>
      </p>
      <Section title={t('section.general')}>
        <PartForm
          id="general"
          spec="general"
          schema={ONBOARDING_PARTS.general.input}
          saved={profile.general}
          profile={profileKey}
          files={files}
          required={required('general')}
          hidden={international ? ['enterpriseSector'] : []}
          errorPrefix="general."
          submitLabel={t('save')}
          readOnly={readOnly}
          onSave={(general) => save(() => call(o.saveGeneral, { body: { general } }))}
        />
      </Section>
      <Section title={t('section.address')}>
        <PartForm
          id="address"
          spec="address"
          schema={ONBOARDING_PARTS.address.input}
          saved={profile.address}
          profile={profileKey}
          files={files}
          required={required('address')}
          submitLabel={t('save')}
          readOnly={readOnly}
          onSave={(address) => save(() => call(o.saveAddress, { body: address }))}
        />
      </Section>
      <p className="small mb-2" id="contacts-required">
        {t('contactsRequired')}
      </p>
      <ProfileList
        list="contacts"
        props={props}
        saveRow={(row) => call(o.saveGeneral, { body: { contacts: [row] } })}
        deleteRow={(id) => call(o.deleteContact, { body: { id } })}
      />
      <ModuleQuestions moduleCode="GEN" props={props} />
    </>
  );
}

function StatutoryModule(props: ModuleProps) {
  const { t } = useTranslation('onboarding');
  const { save, required, files } = useModule(props);
  const { profile, profileKey, readOnly } = props;
  // Saved rows go back as the save takes them (the group's activation of a GSTIN is not the partner's to send).
  const gstins = profile.lists.gstins.map((g) => listRowInput('gstins', g));
  return (
    <>
      {profile.profile.international ? (
        <Section title={t('section.vat')}>
          <PartForm
            id="vat"
            spec="vat"
            schema={ONBOARDING_PARTS.vat.input}
            saved={profile.vat}
            profile={profileKey}
            files={files}
            required={required('vat')}
            submitLabel={t('save')}
            readOnly={readOnly}
            onSave={(vat) => save(() => call(o.saveVat, { body: vat }))}
          />
        </Section>
      ) : (
        <>
          <Section title={t('section.statutory')}>
            <PartForm
              id="statutory"
              spec="statutory"
              schema={ONBOARDING_PARTS.statutory.input}
              saved={profile.statutory}
              profile={profileKey}
              files={files}
              required={required('statutory')}
              submitLabel={t('save')}
              readOnly={readOnly}
              onSave={(statutory) => save(() => call(o.saveOrgDetails, { body: statutory }))}
            />
          </Section>
          {/* The GSTIN list is saved whole (section 7's POST /api/on-boarding/gstin): a row is added to or taken from it. */}
          <ProfileList
            list="gstins"
            props={props}
            saveRow={(edited) => {
              const row = listRowInput('gstins', edited);
              const others = gstins.filter((g) => g.id !== row.id);
              return call(o.saveGstins, { body: { gstins: row.id === undefined ? [...gstins, row] : [...others, row] } });
            }}
            deleteRow={(id) => call(o.saveGstins, { body: { gstins: gstins.filter((g) => g.id !== id) } })}
          />
        </>
      )}
      <ModuleQuestions moduleCode="STA" props={props} />
    </>
  );
}

function BankModule(props: ModuleProps) {
  return (
    <>
      <ProfileList
        list="bankAccounts"
        props={props}
        saveRow={(row) => call(o.saveBankDetails, { body: { bankAccounts: [row] } })}
        deleteRow={(id) => call(o.deleteBankAccount, { body: { id } })}
      />
      <ModuleQuestions moduleCode="BNK" props={props} />
    </>
  );
}

/** Each financial part per year: its form (the year is the section's, not a field) and where it is saved. */
const FINANCIAL_FORMS = {
  performance: { schema: FINANCIAL_PARTS.performance.input.omit({ financialYear: true }), endpoint: o.saveFinancialPerformance },
  strength: { schema: FINANCIAL_PARTS.strength.input.omit({ financialYear: true }), endpoint: o.saveFinancialStrength },
  others: { schema: FINANCIAL_PARTS.others.input.omit({ financialYear: true }), endpoint: o.saveFinancialOthers },
} as const;

const FINANCIAL_FORM_PARTS = Object.keys(FINANCIAL_FORMS) as (keyof typeof FINANCIAL_FORMS)[];

function FinancialModule(props: ModuleProps) {
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
                    schema={FINANCIAL_FORMS[part].schema}
                    saved={(financial[part] as { financialYear: string }[]).find((r) => r.financialYear === year) ?? null}
                    profile={profileKey}
                    files={files}
                    required={requiredFor(part, year)}
                    errorPrefix="years.0."
                    submitLabel={t('save')}
                    readOnly={readOnly}
                    onSave={(values) =>
                      save(() => call(FINANCIAL_FORMS[part].endpoint, { body: { years: [{ ...values, financialYear: year }] } }))
                    }
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
                onChange={(list) =>
                  void save(() =>
                    call(o.saveFinance, { body: { years: [{ financialYear: year, fileId: list[0]?.uniqueId ?? null }] } }),
                  )
                }
              />
            </div>
          </section>
        );
      })}
      <ModuleQuestions moduleCode="FIN" props={props} />
    </>
  );
}

const CREDENTIAL_DELETES = {
  factories: o.deleteFactory,
  warehouses: o.deleteWarehouse,
  projects: o.deleteProject,
  bankers: o.deleteBanker,
  ratings: o.deleteRating,
  customers: o.deleteCustomer,
  memberships: o.deleteMembership,
  erpSystems: o.deleteErp,
} as const;

function CredentialsModule(props: ModuleProps) {
  return (
    <>
      {(Object.keys(CREDENTIAL_DELETES) as (keyof typeof CREDENTIAL_DELETES)[]).map((list) => (
        <ProfileList
          key={list}
          list={list}
          props={props}
          saveRow={(row) => call(o.saveCredential, { body: { [list]: [row] } })}
          deleteRow={(id) => call(CREDENTIAL_DELETES[list], { body: { id } })}
        />
      ))}
      <ModuleQuestions moduleCode="CRD" props={props} />
    </>
  );
}

function PartnershipModule(props: ModuleProps) {
  const { profileKey } = props;
  return (
    <>
      <ProfileList
        list="avenues"
        props={props}
        saveRow={(row) => call(o.savePartnershipAvenue, { body: { avenues: [row] } })}
        deleteRow={(id) => call(o.deleteAvenue, { body: { id } })}
      />
      <ProfileList
        list="branches"
        props={props}
        saveRow={(row) => call(o.saveBranch, { body: { branches: [row] } })}
        deleteRow={(branchId) =>
          call(o.deleteBranch, {
            params: { branchId, companyCode: profileKey.companyCode, categoryCode: profileKey.categoryCode },
          })
        }
      />
      <ModuleQuestions moduleCode="PTN" props={props} />
    </>
  );
}

const tdsSchema = z.object({ signatoryName: declarationAcceptanceInputSchema.shape.signatoryName });

function DeclarationsModule(props: ModuleProps) {
  const { t } = useTranslation(['onboarding', 'onboardingLabels']);
  const { save } = useModule(props);
  const { profile, profileKey, readOnly } = props;
  const { data: text } = useQuery(onboardingQueries.declaration(profileKey.companyCode));
  const target = { companyCode: profileKey.companyCode, categoryCode: profileKey.categoryCode };
  const accept = useContractForm(declarationAcceptanceInputSchema, {
    defaultValues: {
      accepted: profile.acceptance !== null ? true : (false as unknown as true),
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
                    await save(() => call(o.accept, { query: target, body: values }));
                  } catch (error) {
                    setAlert(applyFailure(accept, error));
                  }
                })(e)
              }
            >
              <FormAlert message={alert} />
              <div className="form-check mb-2">
                <input id="accept-declaration" type="checkbox" className="form-check-input" {...accept.register('accepted')} />
                <label htmlFor="accept-declaration" className="form-check-label required">
                  {t('acceptDeclaration')}
                </label>
                {accept.formState.errors.accepted?.message && (
                  <div className="invalid-feedback d-block">{accept.formState.errors.accepted.message}</div>
                )}
              </div>
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
                      await save(() =>
                        call(o.tdsDeclaration, { body: { ...target, financialYear: latest, accepted: true, signatoryName } }),
                      );
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

/** The page of each module (docs/onboarding-model.md). */
export const MODULE_PAGES: Record<OnboardingModuleCode, (props: ModuleProps) => React.ReactNode> = {
  GEN: GeneralModule,
  STA: StatutoryModule,
  BNK: BankModule,
  FIN: FinancialModule,
  CRD: CredentialsModule,
  PTN: PartnershipModule,
  QHS: (props) => <ModuleQuestions moduleCode="QHS" props={props} />,
  DEC: DeclarationsModule,
};
