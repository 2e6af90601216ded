import { CREDENTIAL_DELETES, profileSaves, type CredentialList } from '../api.ts';
import { ModuleQuestions, ProfileList, type ModuleProps } from './shared.tsx';

const CREDENTIAL_LISTS = Object.keys(CREDENTIAL_DELETES) as CredentialList[];

export function CredentialsModule(props: ModuleProps) {
  return (
    <>
      {CREDENTIAL_LISTS.map((list) => (
        <ProfileList
          key={list}
          list={list}
          props={props}
          saveRow={(row) => profileSaves.credential(list, row)}
          deleteRow={(id) => profileSaves.deleteCredential(list, id)}
        />
      ))}
      <ModuleQuestions moduleCode="CRD" props={props} />
    </>
  );
}

export function PartnershipModule(props: ModuleProps) {
  return (
    <>
      <ProfileList list="avenues" props={props} saveRow={profileSaves.avenue} deleteRow={profileSaves.deleteAvenue} />
      <ProfileList
        list="branches"
        props={props}
        saveRow={profileSaves.branch}
        deleteRow={(branchId) => profileSaves.deleteBranch(props.profileKey, branchId)}
      />
      <ModuleQuestions moduleCode="PTN" props={props} />
    </>
  );
}
