import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FormProvider } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  TESTIMONIAL_TEXT_MAX,
  TESTIMONIAL_TEXT_MIN,
  testimonialBodySchema,
  type StoredFileInfo,
  type Testimonial,
} from '@pp/contract';
import { failureText } from '../../api/client.ts';
import { downloadFile } from '../../api/files.ts';
import { FilePicker } from '../../components/FilePicker.tsx';
import { Pager } from '../../components/Pager.tsx';
import { FormAlert, TextAreaField, TextField } from '../../forms/fields.tsx';
import { applyFailure } from '../../forms/failure.ts';
import { useContractForm } from '../../forms/use-contract-form.ts';
import { usePageNo } from '../../lib/use-page-no.ts';
import { SEARCH_DELAY_MS, useSettled } from '../../lib/use-settled.ts';
import { showAlert } from '../../lib/ui-state.ts';
import { addTestimonial, removeTestimonial, testimonialKeys, testimonialsQuery } from './api.ts';
import { SearchBox } from '../../components/ListFilters.tsx';
import { calendarDayOf } from '../../lib/dates.ts';

const PAGE_SIZE = 10;
const today = () => new Date().toISOString().slice(0, 10);

/** A new testimonial: who gave it, for which project and when, its words, and the letter if there is one. */
function TestimonialForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation(['partner', 'common']);
  const client = useQueryClient();
  const [files, setFiles] = useState<StoredFileInfo[]>([]);
  const [alert, setAlert] = useState<string | null>(null);
  const form = useContractForm(testimonialBodySchema, {
    defaultValues: { customerName: '', givenBy: '', designation: '', projectName: '', givenOn: '', text: '' },
  });
  const text = form.watch('text') ?? '';
  const add = useMutation({
    mutationFn: (body: Parameters<typeof addTestimonial>[0]) =>
      addTestimonial({
        ...body,
        ...(body.designation ? {} : { designation: undefined }),
        ...(body.projectName ? {} : { projectName: undefined }),
        ...(files[0] ? { fileId: files[0].uniqueId } : {}),
      }),
    onMutate: () => setAlert(null),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: testimonialKeys.all });
      onDone();
    },
    onError: (error) => setAlert(applyFailure(form, error)),
  });
  return (
    <FormProvider {...form}>
      <form
        noValidate
        className="card card-body shadow-sm mb-3"
        aria-label={t('testimonial.new')}
        onSubmit={(e) => void form.handleSubmit((body) => add.mutate(body))(e)}
      >
        <h2 className="h5">{t('testimonial.new')}</h2>
        <FormAlert message={alert} />
        <div className="row">
          <div className="col-md-6">
            <TextField name="customerName" label={t('testimonial.customer')} required maxLength={200} />
          </div>
          <div className="col-md-6">
            <TextField name="projectName" label={t('testimonial.project')} maxLength={200} />
          </div>
          <div className="col-md-4">
            <TextField name="givenBy" label={t('testimonial.givenBy')} required maxLength={100} />
          </div>
          <div className="col-md-4">
            <TextField name="designation" label={t('testimonial.designation')} maxLength={100} />
          </div>
          <div className="col-md-4">
            <TextField name="givenOn" type="date" max={today()} label={t('testimonial.givenOn')} required />
          </div>
        </div>
        <TextAreaField
          name="text"
          label={t('testimonial.text')}
          required
          rows={4}
          maxLength={TESTIMONIAL_TEXT_MAX}
          hint={t('testimonial.textHint', { count: text.length, min: TESTIMONIAL_TEXT_MIN })}
        />
        <FilePicker id="testimonial-letter" label={t('testimonial.letter')} files={files} onChange={setFiles} single />
        <div className="d-flex gap-2">
          <button type="button" className="btn btn-outline-secondary" onClick={onDone}>
            {t('common:cancel')}
          </button>
          <button type="submit" className="btn btn-primary ms-auto" disabled={add.isPending}>
            {t('testimonial.add')}
          </button>
        </div>
      </form>
    </FormProvider>
  );
}

function TestimonialCard({ item }: { item: Testimonial }) {
  const { t } = useTranslation('partner');
  const client = useQueryClient();
  const remove = useMutation({
    mutationFn: () => removeTestimonial(item.id),
    onSuccess: () => client.invalidateQueries({ queryKey: testimonialKeys.all }),
    onError: (error) => void showAlert(failureText(error)),
  });
  const confirmRemove = async () => {
    if ((await showAlert(t('testimonial.confirmDelete', { customer: item.customerName }), { cancellable: true })) === 'ok')
      remove.mutate();
  };
  return (
    <article className="card shadow-sm mb-3" aria-label={item.customerName}>
      <div className="card-body">
        <blockquote className="blockquote fs-6 mb-2">
          <p className="mb-0">{item.text}</p>
        </blockquote>
        <p className="small text-muted mb-2">
          {t('testimonial.byline', {
            givenBy: item.givenBy,
            designation: item.designation ? `, ${item.designation}` : '',
            customer: item.customerName,
            date: calendarDayOf(item.givenOn),
          })}
          {item.projectName && ` · ${item.projectName}`}
        </p>
        <div className="d-flex gap-3 small">
          {item.document && (
            <button
              type="button"
              className="btn btn-link btn-sm p-0"
              onClick={() =>
                void downloadFile(item.document!.uniqueId, item.document!.fileName).catch((e: unknown) =>
                  showAlert(failureText(e)),
                )
              }
            >
              {item.document.fileName}
            </button>
          )}
          <button type="button" className="btn btn-link btn-sm p-0 text-danger ms-auto" onClick={() => void confirmRemove()}>
            {t('testimonial.delete')}
          </button>
        </div>
      </div>
    </article>
  );
}

/** /testimonials: what the partner's own customers said of its work, added and listed (paged, searched on the server). */
export default function TestimonialsPage() {
  const { t } = useTranslation(['partner', 'routes']);
  const [adding, setAdding] = useState(false);
  const [search, setSearch] = useState('');
  const searchTerm = useSettled(search, SEARCH_DELAY_MS);
  const [pageNo, setPageNo] = usePageNo(searchTerm);
  const { data: page } = useQuery(testimonialsQuery({ pageNo, pageSize: PAGE_SIZE, ...(searchTerm ? { searchTerm } : {}) }));
  return (
    <section className="container-fluid py-3">
      <h1 className="h4 page-title mb-1">{t('routes:title.testimonials')}</h1>
      <p className="text-muted small">{t('testimonial.lead')}</p>
      {adding ? (
        <TestimonialForm onDone={() => setAdding(false)} />
      ) : (
        <div className="row g-2 mb-3">
          <div className="col-12 col-md-8">
            <SearchBox label={t('testimonial.search')} value={search} onChange={setSearch} />
          </div>
          <div className="col-12 col-md-4 text-end">
            <button type="button" className="btn btn-primary" onClick={() => setAdding(true)}>
              {t('testimonial.new')}
            </button>
          </div>
        </div>
      )}
      {page && page.items.length === 0 ? (
        <p className="text-muted">{searchTerm ? t('testimonial.noMatch') : t('testimonial.empty')}</p>
      ) : (
        page?.items.map((item) => <TestimonialCard key={item.id} item={item} />)
      )}
      {page && page.total > PAGE_SIZE && (
        <Pager
          pageNo={pageNo}
          pageSize={PAGE_SIZE}
          page={page}
          totalText={(count) => t('testimonial.total', { count })}
          onPage={setPageNo}
        />
      )}
    </section>
  );
}
