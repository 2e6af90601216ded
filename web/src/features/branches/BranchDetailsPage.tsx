import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { newBranchBodySchema } from '@pp/contract';
import { PartForm } from '../../forms/PartForm.tsx';
import { useSession } from '../../session/session.ts';
import { addBranch, branchDetailsQuery, branchKeys } from './api.ts';

const NO_FILES = new Map();

/**
 * /branchdetails (Branch Details): the branches of the current profile with their state and city,
 * and a new branch through the profile's own branch form (name and street unique, checked on the
 * server). Hidden in the menu for partner classification 2 (section 6).
 */
export default function BranchDetailsPage() {
  const { t } = useTranslation(['partner', 'routes']);
  const client = useQueryClient();
  const { companyCode, categoryCode } = useSession();
  const [adding, setAdding] = useState(false);
  const { data: branches } = useQuery(branchDetailsQuery);
  const profile = { companyCode: companyCode ?? 0, categoryCode: categoryCode ?? '', international: false };
  return (
    <section className="container-fluid py-3">
      <h1 className="h4 page-title mb-1">{t('routes:title.branchDetails')}</h1>
      <p className="text-muted small">{t('branches.lead')}</p>
      {branches && branches.length === 0 ? (
        <p className="text-muted">{t('branches.none')}</p>
      ) : (
        <table className="table bg-white small align-middle" aria-label={t('routes:title.branchDetails')}>
          <thead>
            <tr>
              <th scope="col">{t('branches.name')}</th>
              <th scope="col">{t('branches.address')}</th>
              <th scope="col">{t('branches.gstin')}</th>
            </tr>
          </thead>
          <tbody>
            {branches?.map((b) => (
              <tr key={b.id}>
                <td>{b.branchName}</td>
                <td>{[b.street, b.cityName, b.stateName, b.postalCode].filter(Boolean).join(', ')}</td>
                <td className="font-monospace">{b.gstin ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {adding ? (
        <div className="card card-body shadow-sm" role="region" aria-label={t('branches.add')}>
          <h2 className="h5">{t('branches.add')}</h2>
          <PartForm
            id="new-branch"
            spec="branches"
            schema={newBranchBodySchema}
            saved={null}
            profile={profile}
            files={NO_FILES}
            required={(name) => name !== 'gstin'}
            submitLabel={t('branches.save')}
            onSave={async (values) => {
              await addBranch(values);
              await client.invalidateQueries({ queryKey: branchKeys.all });
              setAdding(false);
            }}
            onCancel={() => setAdding(false)}
          />
        </div>
      ) : (
        <button type="button" className="btn btn-primary" onClick={() => setAdding(true)}>
          {t('branches.add')}
        </button>
      )}
    </section>
  );
}
