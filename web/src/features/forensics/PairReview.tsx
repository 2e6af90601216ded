import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FormProvider } from 'react-hook-form';
import type { z } from 'zod';
import {
  FORENSIC_REMARKS_MAX,
  FORENSIC_VERDICTS,
  forensicReviewInputSchema,
  hasPermission,
  type ForensicPair,
} from '@pp/contract';
import { Modal } from '../../components/Modal.tsx';
import { applyFailure } from '../../forms/failure.ts';
import { FormAlert, SelectField, TextAreaField } from '../../forms/fields.tsx';
import { useContractForm } from '../../forms/use-contract-form.ts';
import { useSession } from '../../session/session.ts';
import { forensicKeys, mergeDuplicate, reviewPair } from './api.ts';

/** What the reviewer gives; the number and the two partners come from the pair. */
const verdictSchema = forensicReviewInputSchema.pick({ verdict: true, remarks: true });

/**
 * A pair's review: the verdict (one group of companies, or a duplicate registration) and remarks;
 * a duplicate is then merged, second into first, by the admin action, for whoever may take it.
 */
export function PairReview({ pair, onDone }: { pair: ForensicPair; onDone: (notice: string) => void }) {
  const { t } = useTranslation('staff');
  const client = useQueryClient();
  const { role } = useSession();
  const form = useContractForm(verdictSchema, {
    defaultValues: { verdict: pair.review?.verdict, remarks: pair.review?.remarks ?? '' },
  });
  const [alert, setAlert] = useState<string | null>(null);
  const [merging, setMerging] = useState(false);
  const refresh = () => client.invalidateQueries({ queryKey: forensicKeys.all });
  const save = useMutation({
    mutationFn: (body: z.output<typeof verdictSchema>) =>
      reviewPair({
        kind: pair.kind,
        value: pair.value,
        partnerNumbers: [pair.first.partnerNumber, pair.second.partnerNumber],
        ...body,
      }),
    onMutate: () => setAlert(null),
    // Said by the page: a reviewed pair may leave the list it was reviewed from.
    onSuccess: async () => {
      onDone(t('forensics.saved', { first: pair.first.partnerNumber, second: pair.second.partnerNumber }));
      await refresh();
    },
    onError: (error) => setAlert(applyFailure(form, error)),
  });
  const merge = useMutation({
    mutationFn: () =>
      mergeDuplicate({
        fromPartnerNumber: pair.second.partnerNumber,
        intoPartnerNumber: pair.first.partnerNumber,
        remarks: pair.review!.remarks,
      }),
    onSuccess: async () => {
      onDone(t('forensics.merged', { from: pair.second.partnerNumber, into: pair.first.partnerNumber }));
      await refresh();
    },
    onError: (error) => setAlert(applyFailure(form, error)),
  });
  const mayMerge =
    pair.review?.verdict === 'DUPLICATE' &&
    pair.second.accountStatus !== 'DISABLED' &&
    role !== null &&
    hasPermission(role, 'allowEditVendorMaster');

  return (
    <FormProvider {...form}>
      <form
        noValidate
        className="d-flex flex-column gap-2"
        aria-label={t('forensics.reviewPair', { first: pair.first.partnerNumber, second: pair.second.partnerNumber })}
        onSubmit={(e) => void form.handleSubmit((body) => save.mutate(body))(e)}
      >
        <FormAlert message={alert} />
        <div className="row g-2">
          <div className="col-md-4">
            <SelectField
              id={`verdict-${pair.first.partnerNumber}-${pair.second.partnerNumber}`}
              name="verdict"
              label={t('forensics.verdictLabel')}
              required
              placeholder={t('forensics.chooseVerdict')}
              options={FORENSIC_VERDICTS.map((v) => ({ value: v, label: t(`forensics.verdict.${v}`) }))}
            />
          </div>
          <div className="col-md-8">
            <TextAreaField
              id={`remarks-${pair.first.partnerNumber}-${pair.second.partnerNumber}`}
              name="remarks"
              label={t('forensics.remarks')}
              required
              rows={2}
              maxLength={FORENSIC_REMARKS_MAX}
            />
          </div>
        </div>
        <div className="d-flex gap-2">
          <button type="submit" className="btn btn-primary btn-sm" disabled={save.isPending}>
            {t('forensics.saveReview')}
          </button>
          {mayMerge && (
            <button
              type="button"
              className="btn btn-outline-danger btn-sm"
              disabled={merge.isPending}
              onClick={() => setMerging(true)}
            >
              {t('forensics.merge')}
            </button>
          )}
        </div>
        {merging && (
          <Modal
            title={t('forensics.mergeTitle')}
            onOk={() => {
              setMerging(false);
              merge.mutate();
            }}
            onCancel={() => setMerging(false)}
          >
            {t('forensics.mergeConfirm', {
              from: `${pair.second.organizationName} (${pair.second.partnerNumber})`,
              into: `${pair.first.organizationName} (${pair.first.partnerNumber})`,
            })}
          </Modal>
        )}
      </form>
    </FormProvider>
  );
}
