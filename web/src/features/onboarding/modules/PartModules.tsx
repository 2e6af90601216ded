import { useTranslation } from 'react-i18next';
import { ONBOARDING_PARTS, listRowInput } from '@pp/contract';
import { PartForm } from '../../../forms/PartForm.tsx';
import { profileSaves } from '../api.ts';
import { ModuleQuestions, ProfileList, Section, useModule, type ModuleProps } from './shared.tsx';

export function GeneralModule(props: ModuleProps) {
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
          onSave={(general) => save(() => profileSaves.general(general))}
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
          onSave={(address) => save(() => profileSaves.address(address))}
        />
      </Section>
      <p className="small mb-2" id="contacts-required">
        {t('contactsRequired')}
      </p>
      <ProfileList list="contacts" props={props} saveRow={profileSaves.contact} deleteRow={profileSaves.deleteContact} />
      <ModuleQuestions moduleCode="GEN" props={props} />
    </>
  );
}

export function StatutoryModule(props: ModuleProps) {
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
            onSave={(vat) => save(() => profileSaves.vat(vat))}
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
              onSave={(statutory) => save(() => profileSaves.statutory(statutory))}
            />
          </Section>
          {/* The GSTIN list is saved whole: a row is added to or taken from it. */}
          <ProfileList
            list="gstins"
            props={props}
            saveRow={(edited) => {
              const row = listRowInput('gstins', edited);
              const others = gstins.filter((g) => g.id !== row.id);
              return profileSaves.gstins(row.id === undefined ? [...gstins, row] : [...others, row]);
            }}
            deleteRow={(id) => profileSaves.gstins(gstins.filter((g) => g.id !== id))}
          />
        </>
      )}
      <ModuleQuestions moduleCode="STA" props={props} />
    </>
  );
}

export function BankModule(props: ModuleProps) {
  return (
    <>
      <ProfileList
        list="bankAccounts"
        props={props}
        saveRow={profileSaves.bankAccount}
        deleteRow={profileSaves.deleteBankAccount}
      />
      <ModuleQuestions moduleCode="BNK" props={props} />
    </>
  );
}
