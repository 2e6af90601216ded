import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FormProvider } from 'react-hook-form';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import {
  GRIEVANCE_DESCRIPTION_MAX,
  GRIEVANCE_DESCRIPTION_MIN,
  GRIEVANCE_REASONS,
  GRIEVANCE_STATES,
  GRIEVANCE_SUBJECT_MAX,
  grievanceDraftBodySchema,
  grievanceRemarksRequired,
  type GrievanceAction,
  type GrievanceDetail,
  type GrievanceReason,
  type GrievanceState,
  type StoredFileInfo,
} from '@pp/contract';
import { failureText } from '../../api/client.ts';
import { downloadFile } from '../../api/files.ts';
import { FilePicker } from '../../components/FilePicker.tsx';
import { Pager } from '../../components/Pager.tsx';
import { FormAlert, SelectField, TextAreaField, TextField } from '../../forms/fields.tsx';
import { applyFailure } from '../../forms/failure.ts';
import { useContractForm } from '../../forms/use-contract-form.ts';
import { usePageNo } from '../../lib/use-page-no.ts';
import { SEARCH_DELAY_MS, useSettled } from '../../lib/use-settled.ts';
import { showAlert } from '../../lib/ui-state.ts';
import {
  deleteGrievanceDraft,
  grievanceKeys,
  grievanceListQuery,
  grievanceQuery,
  saveGrievanceDraft,
  takeGrievanceStep,
} from './api.ts';
import { FilterSelect, SearchBox } from '../../components/ListFilters.tsx';

const PAGE_SIZE = 20;
const STATE_TONE: Record<GrievanceState, string> = {
  DRAFT: 'text-bg-light border',
  SUBMITTED: 'text-bg-primary',
  IN_REVIEW: 'text-bg-info',
  RESOLVED: 'text-bg-success',
  REOPENED: 'text-bg-warning',
  CLOSED: 'text-bg-secondary',
};
/** The partner's steps on an open grievance, in the order the page offers them. */
const PARTNER_STEPS = ['CHANGE_REASON', 'REOPEN', 'CLOSE'] as const;

const when = (iso: string) => new Date(iso).toLocaleString();

function StateBadge({ state }: { state: GrievanceState }) {
  const { t } = useTranslation('partner');
  return <span className={`badge ${STATE_TONE[state]}`}>{t(`grievance.state.${state}`)}</span>;
}

function Documents({ files }: { files: StoredFileInfo[] }) {
  const { t } = useTranslation('partner');
  if (files.length === 0) return <span className="text-muted">{t('grievance.noDocuments')}</span>;
  return (
    <ul className="list-unstyled mb-0">
      {files.map((f) => (
        <li key={f.uniqueId}>
          <button
            type="button"
            className="btn btn-link btn-sm p-0"
            onClick={() => void downloadFile(f.uniqueId, f.fileName).catch((e: unknown) => showAlert(failureText(e)))}
          >
            {f.fileName}
          </button>
        </li>
      ))}
    </ul>
  );
}

/** New grievance or a draft: what it is about, then Save draft or Submit (which saves first). */
function DraftEditor({ draft, onDone }: { draft: GrievanceDetail | null; onDone: (grievanceNumber: string | null) => void }) {
  const { t } = useTranslation(['partner', 'common']);
  const client = useQueryClient();
  const [files, setFiles] = useState<StoredFileInfo[]>(draft?.documents ?? []);
  const [alert, setAlert] = useState<string | null>(null);
  const form = useContractForm(grievanceDraftBodySchema, {
    defaultValues: {
      reasonCode: draft?.reasonCode ?? ('' as GrievanceReason),
      subject: draft?.subject ?? '',
      description: draft?.description ?? '',
      documentNumber: draft?.documentNumber ?? '',
    },
  });
  const description = form.watch('description') ?? '';
  // A new grievance has its number from its first save on (a refused submit has saved it).
  const [saved, setSaved] = useState(draft?.grievanceNumber);
  const save = useMutation({
    mutationFn: async ({ submit, body }: { submit: boolean; body: Parameters<typeof saveGrievanceDraft>[0] }) => {
      const { grievanceNumber } = await saveGrievanceDraft({
        ...body,
        ...(saved ? { grievanceNumber: saved } : {}),
        ...(body.documentNumber ? {} : { documentNumber: undefined }),
        fileIds: files.map((f) => f.uniqueId),
      });
      setSaved(grievanceNumber);
      return submit ? takeGrievanceStep('SUBMIT', { grievanceNumber }) : { grievanceNumber };
    },
    onMutate: () => setAlert(null),
    onSuccess: async (saved) => {
      await client.invalidateQueries({ queryKey: grievanceKeys.all });
      onDone(saved.grievanceNumber);
    },
    onError: (error) => setAlert(applyFailure(form, error)),
  });
  const remove = useMutation({
    mutationFn: () => deleteGrievanceDraft(saved!),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: grievanceKeys.all });
      onDone(null);
    },
    onError: (error) => setAlert(failureText(error)),
  });
  const submitWith = (submit: boolean) => form.handleSubmit((body) => save.mutate({ submit, body }));

  return (
    <FormProvider {...form}>
      <form
        noValidate
        className="card card-body shadow-sm"
        aria-label={t('grievance.form')}
        onSubmit={(e) => void submitWith(false)(e)}
      >
        <h2 className="h5">{draft ? t('grievance.editDraft', { number: draft.grievanceNumber }) : t('grievance.new')}</h2>
        <FormAlert message={alert} />
        <div className="row">
          <div className="col-md-6">
            <SelectField
              name="reasonCode"
              label={t('grievance.reason')}
              required
              placeholder={t('common:select')}
              options={GRIEVANCE_REASONS.map((r) => ({ value: r, label: t(`grievance.reason.${r}`) }))}
            />
          </div>
          <div className="col-md-6">
            <TextField
              name="documentNumber"
              label={t('grievance.documentNumber')}
              hint={t('grievance.documentHint')}
              maxLength={30}
            />
          </div>
        </div>
        <TextField name="subject" label={t('grievance.subject')} required maxLength={GRIEVANCE_SUBJECT_MAX} />
        <TextAreaField
          name="description"
          label={t('grievance.description')}
          rows={5}
          maxLength={GRIEVANCE_DESCRIPTION_MAX}
          hint={t('grievance.descriptionHint', { count: description.length, min: GRIEVANCE_DESCRIPTION_MIN })}
        />
        <FilePicker id="grievance-files" label={t('grievance.documents')} files={files} onChange={setFiles} />
        <div className="d-flex gap-2 flex-wrap">
          <button type="button" className="btn btn-outline-secondary" onClick={() => onDone(saved ?? null)}>
            {t('common:back')}
          </button>
          {saved && (
            <button type="button" className="btn btn-outline-danger" disabled={remove.isPending} onClick={() => remove.mutate()}>
              {t('grievance.deleteDraft')}
            </button>
          )}
          <button type="submit" className="btn btn-outline-primary ms-auto" disabled={save.isPending}>
            {t('grievance.saveDraft')}
          </button>
          <button type="button" className="btn btn-primary" disabled={save.isPending} onClick={(e) => void submitWith(true)(e)}>
            {t('grievance.submit')}
          </button>
        </div>
      </form>
    </FormProvider>
  );
}

/** One of the partner's steps on an open grievance: its remarks (and reason, for a reason change) and documents. */
function StepForm({ grievance, action }: { grievance: GrievanceDetail; action: (typeof PARTNER_STEPS)[number] }) {
  const { t } = useTranslation(['partner', 'common']);
  const client = useQueryClient();
  const [remarks, setRemarks] = useState('');
  const [reason, setReason] = useState<GrievanceReason | ''>('');
  const [files, setFiles] = useState<StoredFileInfo[]>([]);
  const [alert, setAlert] = useState<string | null>(null);
  const required = grievanceRemarksRequired(action);
  const take = useMutation({
    mutationFn: () =>
      takeGrievanceStep(action, {
        grievanceNumber: grievance.grievanceNumber,
        ...(remarks.trim() ? { remarks: remarks.trim() } : {}),
        ...(reason ? { reasonCode: reason } : {}),
        fileIds: files.map((f) => f.uniqueId),
      }),
    onMutate: () => setAlert(null),
    onSuccess: async () => {
      setRemarks('');
      setFiles([]);
      await client.invalidateQueries({ queryKey: grievanceKeys.all });
    },
    onError: (error) => setAlert(failureText(error)),
  });
  const id = `step-${action}`;
  return (
    <section className="border rounded p-3 mb-3 bg-white" aria-label={t(`grievance.action.${action}`)}>
      <FormAlert message={alert} />
      {action === 'CHANGE_REASON' && (
        <div className="mb-2">
          <label htmlFor={`${id}-reason`} className="form-label required">
            {t('grievance.newReason')}
          </label>
          <select
            id={`${id}-reason`}
            className="form-select"
            value={reason}
            onChange={(e) => setReason(e.target.value as GrievanceReason)}
          >
            <option value="">{t('common:select')}</option>
            {GRIEVANCE_REASONS.filter((r) => r !== grievance.reasonCode).map((r) => (
              <option key={r} value={r}>
                {t(`grievance.reason.${r}`)}
              </option>
            ))}
          </select>
        </div>
      )}
      <label htmlFor={`${id}-remarks`} className={`form-label${required ? ' required' : ''}`}>
        {t(`grievance.remarks.${action}`)}
      </label>
      <textarea
        id={`${id}-remarks`}
        className="form-control mb-2"
        rows={2}
        maxLength={1000}
        value={remarks}
        onChange={(e) => setRemarks(e.target.value)}
      />
      {action !== 'CLOSE' && <FilePicker id={`${id}-files`} label={t('grievance.attach')} files={files} onChange={setFiles} />}
      <button
        type="button"
        className={`btn ${action === 'CLOSE' ? 'btn-outline-secondary' : 'btn-primary'}`}
        disabled={take.isPending || (required && !remarks.trim()) || (action === 'CHANGE_REASON' && !reason)}
        onClick={() => take.mutate()}
      >
        {t(`grievance.action.${action}`)}
      </button>
    </section>
  );
}

function GrievanceView({ grievanceNumber, onBack, onEdit }: { grievanceNumber: string; onBack: () => void; onEdit: () => void }) {
  const { t } = useTranslation(['partner', 'common']);
  const { data: g } = useQuery(grievanceQuery(grievanceNumber));
  if (!g) return <p className="text-muted">{t('common:loading')}</p>;
  const steps = PARTNER_STEPS.filter((a) => g.actions.includes(a as GrievanceAction));
  return (
    <div>
      <button type="button" className="btn btn-link px-0 mb-2" onClick={onBack}>
        ← {t('grievance.backToList')}
      </button>
      <div className="card shadow-sm mb-3">
        <div className="card-body">
          <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
            <h2 className="h5 mb-0 me-2">{g.subject}</h2>
            <StateBadge state={g.state} />
            <span className="font-monospace small text-muted ms-auto">{g.grievanceNumber}</span>
          </div>
          <dl className="row small mb-0">
            <dt className="col-sm-3">{t('grievance.reason')}</dt>
            <dd className="col-sm-9">{t(`grievance.reason.${g.reasonCode}`)}</dd>
            {g.documentNumber && (
              <>
                <dt className="col-sm-3">{t('grievance.documentNumber')}</dt>
                <dd className="col-sm-9 font-monospace">{g.documentNumber}</dd>
              </>
            )}
            <dt className="col-sm-3">{t('grievance.description')}</dt>
            <dd className="col-sm-9" style={{ whiteSpace: 'pre-wrap' }}>
              {g.description || '—'}
            </dd>
            <dt className="col-sm-3">{t('grievance.documents')}</dt>
            <dd className="col-sm-9">
              <Documents files={g.documents} />
            </dd>
          </dl>
          {g.state === 'DRAFT' && (
            <button type="button" className="btn btn-primary btn-sm mt-2" onClick={onEdit}>
              {t('grievance.continueDraft')}
            </button>
          )}
        </div>
      </div>
      {steps.map((action) => (
        <StepForm key={action} grievance={g} action={action} />
      ))}
      <h3 className="h6">{t('grievance.history')}</h3>
      <table className="table table-sm bg-white small" aria-label={t('grievance.history')}>
        <thead>
          <tr>
            <th scope="col">{t('grievance.when')}</th>
            <th scope="col">{t('grievance.step')}</th>
            <th scope="col">{t('grievance.by')}</th>
            <th scope="col">{t('grievance.remarksColumn')}</th>
            <th scope="col">{t('grievance.documents')}</th>
          </tr>
        </thead>
        <tbody>
          {g.history.map((h, i) => (
            <tr key={i}>
              <td className="text-nowrap">{when(h.at)}</td>
              <td>
                {t(`grievance.action.${h.action}`)} → <StateBadge state={h.toState} />
              </td>
              <td>{t(`grievance.by.${h.by}`)}</td>
              <td>
                {h.previousReason && (
                  <div className="text-muted">
                    {t('grievance.reasonWas', { reason: t(`grievance.reason.${h.previousReason}`) })}
                  </div>
                )}
                {h.remarks}
              </td>
              <td>
                <Documents files={h.documents} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * /claimrequest (Grievance Request): the partner's grievances, paged and searched on the server;
 * a new one or a draft in the editor; one grievance with its documents, its history and the steps
 * the lifecycle allows now (docs/grievances.md). Which view shows is in the address (?grievance=, ?new).
 */
export default function ClaimRequestPage() {
  const { t } = useTranslation(['partner', 'routes']);
  const [params, setParams] = useSearchParams();
  const open = params.get('grievance');
  const editing = params.has('edit') || params.has('new');
  const [search, setSearch] = useState('');
  const [state, setState] = useState<GrievanceState | ''>('');
  const searchTerm = useSettled(search, SEARCH_DELAY_MS);
  const [pageNo, setPageNo] = usePageNo(`${searchTerm}|${state}`);
  const { data: page } = useQuery(
    grievanceListQuery({ pageNo, pageSize: PAGE_SIZE, ...(searchTerm ? { searchTerm } : {}), ...(state ? { state } : {}) }),
  );
  const draft = useQuery({ ...grievanceQuery(open ?? ''), enabled: Boolean(open) && editing }).data;
  const show = (grievanceNumber: string | null, edit = false) =>
    setParams(grievanceNumber ? { grievance: grievanceNumber, ...(edit ? { edit: '1' } : {}) } : {});

  let body;
  if (editing && (!open || draft)) body = <DraftEditor key={open ?? 'new'} draft={draft ?? null} onDone={(n) => show(n)} />;
  else if (open) body = <GrievanceView grievanceNumber={open} onBack={() => show(null)} onEdit={() => show(open, true)} />;
  else
    body = (
      <>
        <div className="row g-2 mb-3">
          <div className="col-12 col-md-6">
            <SearchBox label={t('grievance.search')} value={search} onChange={setSearch} />
          </div>
          <div className="col-6 col-md-3">
            <FilterSelect
              label={t('grievance.stateFilter')}
              anyLabel={t('grievance.anyState')}
              value={state}
              options={GRIEVANCE_STATES}
              optionLabel={(s) => t(`grievance.state.${s}`)}
              onChange={setState}
            />
          </div>
          <div className="col-6 col-md-3 text-end">
            <button type="button" className="btn btn-primary" onClick={() => setParams({ new: '1' })}>
              {t('grievance.raise')}
            </button>
          </div>
        </div>
        {page && page.items.length === 0 ? (
          <p className="text-muted">{searchTerm || state ? t('grievance.noMatch') : t('grievance.empty')}</p>
        ) : (
          <table className="table table-hover bg-white small align-middle" aria-label={t('routes:title.claimRequest')}>
            <thead>
              <tr>
                <th scope="col">{t('grievance.number')}</th>
                <th scope="col">{t('grievance.subject')}</th>
                <th scope="col">{t('grievance.reason')}</th>
                <th scope="col">{t('grievance.stateFilter')}</th>
                <th scope="col">{t('grievance.updated')}</th>
              </tr>
            </thead>
            <tbody>
              {page?.items.map((g) => (
                <tr key={g.grievanceNumber}>
                  <td>
                    <button
                      type="button"
                      className="btn btn-link btn-sm p-0 font-monospace"
                      onClick={() => show(g.grievanceNumber)}
                    >
                      {g.grievanceNumber}
                    </button>
                  </td>
                  <td>{g.subject}</td>
                  <td>{t(`grievance.reason.${g.reasonCode}`)}</td>
                  <td>
                    <StateBadge state={g.state} />
                  </td>
                  <td className="text-nowrap">{when(g.updatedAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {page && (
          <Pager
            pageNo={pageNo}
            pageSize={PAGE_SIZE}
            total={page.total}
            totalText={t('grievance.total', { count: page.total })}
            onPage={setPageNo}
          />
        )}
      </>
    );

  return (
    <section className="container-fluid py-3">
      <h1 className="h4 page-title mb-1">{t('routes:title.claimRequest')}</h1>
      <p className="text-muted small">{t('grievance.lead')}</p>
      {body}
    </section>
  );
}
