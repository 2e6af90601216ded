import { useEffect, useState, type ReactNode } from 'react';
import { FormProvider } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FORENSIC_KIND_NAMES, WORKFLOW_STATES, ruleSchema, type ForensicDashboard, type StoredFileInfo } from '@pp/contract';
import { Card } from '../../components/Card.tsx';
import { FilePicker } from '../../components/FilePicker.tsx';
import { FilterSelect, SearchBox } from '../../components/ListFilters.tsx';
import { Modal } from '../../components/Modal.tsx';
import { Pager } from '../../components/Pager.tsx';
import { RequestStateBadge } from '../../components/RequestStateBadge.tsx';
import { ForensicTrendChart } from '../../features/forensics/ForensicTrendChart.tsx';
import { CheckField, FormAlert, TextAreaField, TextField, upperCase } from '../../forms/fields.tsx';
import { SelectField } from '../../forms/select-field.tsx';
import { useContractForm } from '../../forms/use-contract-form.ts';

/** A form of the contract's own rules, so each field shows the message the server would give. */
const sampleSchema = z.object({
  name: z.string().trim().pipe(ruleSchema('personName')),
  email: z.string().trim().pipe(ruleSchema('email')),
  pan: z.string().trim().pipe(ruleSchema('pan')),
  kind: z.enum(['SUP', 'SVC']),
  notes: z.string().trim().min(10).max(200),
  accepted: z.literal(true, { error: 'rule.declarationAccepted' }),
});

const FILES: StoredFileInfo[] = [
  { uniqueId: '00000000-0000-4000-8000-000000000001', fileName: 'pan-card.pdf', fileType: 'pdf', fileSize: 48_213, siteUrl: '' },
  {
    uniqueId: '00000000-0000-4000-8000-000000000002',
    fileName: 'cancelled-cheque.jpg',
    fileType: 'jpg',
    fileSize: 231_400,
    siteUrl: '',
  },
];

/** Twelve fixed months, so the chart draws the same every time. */
const TREND: ForensicDashboard['trend'] = Array.from({ length: 12 }, (_, i) => ({
  month: `2026-${String(i + 1).padStart(2, '0')}`,
  counts: Object.fromEntries(
    FORENSIC_KIND_NAMES.map((k, j) => [k, (i * (j + 2)) % 5]),
  ) as ForensicDashboard['trend'][number]['counts'],
}));

/** The pager's specimen: a list of 95, twenty to a page. */
const SPECIMEN_PAGE = { items: Array.from({ length: 20 }), total: 95, totalCapped: false };

/** One component's specimens, under a card titled by what they are (ids stay put when the language changes). */
function Specimen({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card id={`design-${id}`} title={title} className="card shadow-sm mb-4">
      {children}
    </Card>
  );
}

/** The sample form, empty and checked (every field's message), or filled and valid. */
function SampleForm({ checked }: { checked: boolean }) {
  const { t } = useTranslation('staff');
  const form = useContractForm(sampleSchema, {
    defaultValues: checked
      ? { name: '', email: 'not-an-address', pan: 'ABC', notes: '' }
      : {
          name: 'Asha Rao',
          email: 'asha.rao@example.com',
          pan: 'AABCD1234E',
          kind: 'SUP',
          notes: 'Supplies cement and steel.',
          accepted: true,
        },
  });
  const { trigger } = form;
  useEffect(() => {
    if (checked) void trigger();
  }, [checked, trigger]);
  const prefix = checked ? 'checked' : 'filled';
  return (
    <FormProvider {...form}>
      <form noValidate aria-label={t(checked ? 'design.formChecked' : 'design.formFilled')} onSubmit={(e) => e.preventDefault()}>
        <h3 className="h6">{t(checked ? 'design.formChecked' : 'design.formFilled')}</h3>
        {checked && <FormAlert message={t('design.serverMessage')} />}
        <TextField id={`${prefix}-name`} name="name" label={t('design.name')} required />
        <TextField id={`${prefix}-email`} name="email" label={t('design.email')} required type="email" />
        <TextField id={`${prefix}-pan`} name="pan" label={t('design.pan')} required normalize={upperCase} maxLength={10} />
        <SelectField
          id={`${prefix}-kind`}
          name="kind"
          label={t('design.kind')}
          required
          placeholder={t('design.choose')}
          options={[
            { value: 'SUP', label: t('design.supplier') },
            { value: 'SVC', label: t('design.serviceProvider') },
          ]}
        />
        <TextAreaField id={`${prefix}-notes`} name="notes" label={t('design.notes')} required rows={2} />
        <CheckField id={`${prefix}-accepted`} name="accepted" label={t('design.accept')} required />
      </form>
    </FormProvider>
  );
}

/**
 * /designPage: the app's shared components in each of their states, in the language chosen in
 * the bar — form fields with and without their messages, the file picker, the list controls, the
 * badges, the modal, a chart and (on the page's edge) the help flaps. A Playwright visual
 * comparison of this page guards them (e2e/specs/design.spec.ts).
 */
export default function DesignPage() {
  const { t } = useTranslation('staff');
  const [files, setFiles] = useState<StoredFileInfo[]>(FILES);
  const [search, setSearch] = useState('');
  const [state, setState] = useState<'open' | 'closed' | ''>('open');
  const [pageNo, setPageNo] = useState(2);
  const [modal, setModal] = useState(false);
  return (
    <section className="container py-4">
      <h1 className="h3 page-title mb-1">{t('design.title')}</h1>
      <p className="text-muted">{t('design.lead')}</p>

      <Specimen id="fields" title={t('design.fields')}>
        <div className="row g-4">
          <div className="col-lg-6">
            <SampleForm checked />
          </div>
          <div className="col-lg-6">
            <SampleForm checked={false} />
          </div>
        </div>
      </Specimen>

      <Specimen id="filePicker" title={t('design.filePicker')}>
        <div className="row g-4">
          <div className="col-lg-6">
            <FilePicker id="design-files" label={t('design.withFiles')} files={files} onChange={setFiles} />
          </div>
          <div className="col-lg-6">
            <FilePicker id="design-empty" label={t('design.empty')} files={[]} onChange={() => undefined} required />
            <FilePicker id="design-readonly" label={t('design.readOnly')} files={[]} onChange={() => undefined} disabled />
          </div>
        </div>
      </Specimen>

      <Specimen id="lists" title={t('design.lists')}>
        <div className="row g-2 mb-3">
          <div className="col-md-6">
            <SearchBox label={t('design.search')} value={search} onChange={setSearch} />
          </div>
          <div className="col-md-6">
            <FilterSelect
              label={t('design.state')}
              anyLabel={t('design.anyState')}
              value={state}
              options={['open', 'closed'] as const}
              optionLabel={(s) => t(`design.${s}`)}
              onChange={setState}
            />
          </div>
        </div>
        <Pager
          page={SPECIMEN_PAGE}
          pageNo={pageNo}
          pageSize={20}
          totalText={(count) => t('design.total', { count })}
          onPage={setPageNo}
        />
      </Specimen>

      <Specimen id="badges" title={t('design.badges')}>
        <div className="d-flex flex-wrap gap-2">
          {WORKFLOW_STATES.map((s) => (
            <RequestStateBadge key={s} state={s} />
          ))}
        </div>
      </Specimen>

      <Specimen id="modal" title={t('design.modal')}>
        <button type="button" className="btn btn-outline-primary" onClick={() => setModal(true)}>
          {t('design.openModal')}
        </button>
        {modal && (
          <Modal title={t('design.modalTitle')} onOk={() => setModal(false)} onCancel={() => setModal(false)}>
            {t('design.modalText')}
          </Modal>
        )}
      </Specimen>

      <Specimen id="chart" title={t('design.chart')}>
        <ForensicTrendChart trend={TREND} />
      </Specimen>
    </section>
  );
}
