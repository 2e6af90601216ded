import type { ReactNode } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  ONBOARDING_LISTS,
  type OnboardingListName,
  type OnboardingModuleCode,
  type OnboardingProfile,
  type StoredFileInfo,
} from '@pp/contract';
import { applySave, profileSaves, type ProfileKey, type ProfileUpdate } from '../api.ts';
import { ListEditor } from '../ListEditor.tsx';
import { Questions } from '../Questions.tsx';
import { useMandatory } from '../use-mandatory.ts';

export interface ModuleProps {
  profile: OnboardingProfile;
  profileKey: ProfileKey;
  readOnly: boolean;
}

/**
 * Runs a save and puts its answer into the profile the page holds, then reads the percentages and
 * checks again. The save resolves without waiting for that read: a form resets (an added row's
 * form empties) as its new row is listed, not after the partner has started typing the next one.
 */
function useProfileSave(key: ProfileKey) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (save: () => Promise<ProfileUpdate>) => save(),
    onSuccess: (update) => void applySave(client, key, update),
  }).mutateAsync;
}

/** What every module page shares: the profile, its files, the mandatory marks, the save. */
export function useModule({ profile, profileKey }: ModuleProps) {
  const save = useProfileSave(profileKey);
  const { required } = useMandatory(profile);
  const files = new Map<string, StoredFileInfo>(profile.files.map((f) => [f.uniqueId, f]));
  return { save, required, files };
}

/** A list of the profile, saved one row at a time through the module's save call. */
export function ProfileList({
  list,
  props,
  saveRow,
  deleteRow,
}: {
  list: OnboardingListName;
  props: ModuleProps;
  saveRow: (row: Record<string, unknown>) => Promise<ProfileUpdate>;
  deleteRow: (id: number) => Promise<ProfileUpdate>;
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

export function ModuleQuestions({ moduleCode, props }: { moduleCode: OnboardingModuleCode; props: ModuleProps }) {
  const { save } = useModule(props);
  const questions = props.profile.questions.filter((q) => q.moduleCode === moduleCode);
  return (
    <Questions
      id={`questions-${moduleCode}`}
      questions={questions}
      readOnly={props.readOnly}
      onSave={(answers) => save(() => profileSaves.answers(props.profileKey, answers))}
    />
  );
}

export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mb-4">
      <h3 className="h6">{title}</h3>
      {children}
    </section>
  );
}
