import { useState, type ReactNode } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FINANCIAL_PARTS, type QuickLinks } from '@pp/contract';
import { failureText } from '../../api/client.ts';
import { showAlert } from '../../lib/ui-state.ts';
import { acceptCodeOfConduct, profileKeys, submitGstNotification } from './quick-links-api.ts';
import { dateTimeOf } from '../../lib/dates.ts';

export const NO_FILES = new Map();
export const CONDUCT_POINTS = ['ethics', 'labour', 'safety', 'environment', 'reporting'] as const;
/** The finance draft asks this year's figures: the year is the page's, not a field. */
export const financeYearSchema = FINANCIAL_PARTS.performance.input.omit({ financialYear: true });

export function Card({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="card shadow-sm mb-3" aria-labelledby={id}>
      <div className="card-body">
        <h2 className="h6 card-title" id={id}>
          {title}
        </h2>
        {children}
      </div>
    </section>
  );
}

/** Runs a change and reads the quick links again; a refusal is shown in the page's alert. */
export function useChange<A>(run: (arg: A) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => client.invalidateQueries({ queryKey: profileKeys.all }),
    onError: (error) => void showAlert(failureText(error)),
  });
}

export function CodeOfConduct({ links }: { links: QuickLinks }) {
  const { t } = useTranslation('partner');
  const accept = useChange(acceptCodeOfConduct);
  const { acceptedAt, acceptedVersion, version } = links.codeOfConduct;
  return (
    <Card id="ql-conduct" title={t('profile.conduct', { version })}>
      <ul className="small">
        {CONDUCT_POINTS.map((p) => (
          <li key={p}>{t(`profile.conduct.${p}`)}</li>
        ))}
      </ul>
      {acceptedAt ? (
        <p className="text-success small mb-0" role="status">
          {t('profile.conductAccepted', { when: dateTimeOf(acceptedAt) })}
        </p>
      ) : (
        <>
          {acceptedVersion && (
            <p className="small text-warning">{t('profile.conductNewVersion', { version: acceptedVersion })}</p>
          )}
          <button type="button" className="btn btn-primary btn-sm" disabled={accept.isPending} onClick={() => accept.mutate()}>
            {t('profile.conductAccept')}
          </button>
        </>
      )}
    </Card>
  );
}

export function GstNotification({ links }: { links: QuickLinks }) {
  const { t } = useTranslation('partner');
  const saved = links.gstNotification?.financialYear === links.financialYear ? links.gstNotification : null;
  const [eInvoicing, setEInvoicing] = useState(saved?.eInvoicing ?? false);
  const [compositionScheme, setComposition] = useState(saved?.compositionScheme ?? false);
  const submit = useChange(() => submitGstNotification({ financialYear: links.financialYear, eInvoicing, compositionScheme }));
  return (
    <Card id="ql-gst-notification" title={t('profile.gstNotification', { year: links.financialYear })}>
      <div className="form-check">
        <input
          id="gst-einvoicing"
          className="form-check-input"
          type="checkbox"
          checked={eInvoicing}
          onChange={(e) => setEInvoicing(e.target.checked)}
        />
        <label htmlFor="gst-einvoicing" className="form-check-label small">
          {t('profile.eInvoicing')}
        </label>
      </div>
      <div className="form-check mb-2">
        <input
          id="gst-composition"
          className="form-check-input"
          type="checkbox"
          checked={compositionScheme}
          onChange={(e) => setComposition(e.target.checked)}
        />
        <label htmlFor="gst-composition" className="form-check-label small">
          {t('profile.composition')}
        </label>
      </div>
      {saved && (
        <p className="small text-success" role="status">
          {t('profile.gstNotified', { when: dateTimeOf(saved.submittedAt) })}
        </p>
      )}
      <button
        type="button"
        className="btn btn-primary btn-sm"
        disabled={submit.isPending}
        onClick={() => submit.mutate(undefined)}
      >
        {saved ? t('profile.gstResubmit') : t('profile.gstSubmit')}
      </button>
    </Card>
  );
}

/** A draft of a change the partner prepares on an approved profile: the one profile form, and Delete. */
export function Draft({
  id,
  title,
  savedAt,
  onDelete,
  children,
}: {
  id: string;
  title: string;
  savedAt: string | null;
  onDelete: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation('partner');
  return (
    <Card id={id} title={title}>
      <p className="small text-muted">
        {savedAt ? t('profile.draftSaved', { when: dateTimeOf(savedAt) }) : t('profile.noDraft')}
      </p>
      {children}
      {savedAt && (
        <button type="button" className="btn btn-outline-danger btn-sm mt-2" onClick={onDelete}>
          {t('profile.deleteDraft')}
        </button>
      )}
    </Card>
  );
}
