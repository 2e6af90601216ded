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
import { FormAlert, TextAreaField } from '../../forms/fields.tsx';
import { SelectField } from '../../forms/select-field.tsx';
import { useContractForm } from '../../forms/use-contract-form.ts';
import { useSession } from '../../session/session.ts';
import { forensicKeys, mergeDuplicate, reviewPair } from './api.ts';

/** What the reviewer gives; the number and the two partners come from the pair. */
const verdictSchema = forensicReviewInputSchema.pick({ verdict: true, remarks: true });

/**
 * The ways a duplicate pair can be merged: an account goes into the other only where the server
 * says it may (`mergeable`: no request, not disabled), so the page never offers a merge it refuses.
 */
function mergeDirections(pair: ForensicPair) {
  return [
    ...(pair.second.mergeable ? [{ from: pair.second, into: pair.first }] : []),
    ...(pair.first.mergeable ? [{ from: pair.first, into: pair.second }] : []),
  ];
}

/**
 * A pair's review: the verdict (one group of companies, or a duplicate registration) and remarks;
 * a duplicate is then merged by the admin action, for whoever may take it, keeping the account
 * staff choose among those the other can go into.
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
  const directions = mergeDirections(pair);
  const [kept, setKept] = useState(directions[0]?.into.partnerNumber ?? '');
  const direction = directions.find((d) => d.into.partnerNumber === kept) ?? directions[0];
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
    mutationFn: (chosen: NonNullable<typeof direction>) =>
      mergeDuplicate({
        fromPartnerNumber: chosen.from.partnerNumber,
        intoPartnerNumber: chosen.into.partnerNumber,
        remarks: pair.review!.remarks,
      }),
    onSuccess: async (_, chosen) => {
      onDone(t('forensics.merged', { from: chosen.from.partnerNumber, into: chosen.into.partnerNumber }));
      await refresh();
    },
    onError: (error) => setAlert(applyFailure(form, error)),
  });
  const mayMerge =
    pair.review?.verdict === 'DUPLICATE' &&
    direction !== undefined &&
    role !== null &&
    hasPermission(role, 'allowEditVendorMaster');
  const keptId = `kept-${pair.first.partnerNumber}-${pair.second.partnerNumber}`;

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
        <div className="d-flex flex-wrap align-items-end gap-2">
          <button type="submit" className="btn btn-primary btn-sm" disabled={save.isPending}>
            {t('forensics.saveReview')}
          </button>
          {mayMerge && directions.length > 1 && (
            <div>
              <label className="form-label small mb-0" htmlFor={keptId}>
                {t('forensics.kept')}
              </label>
              <select id={keptId} className="form-select form-select-sm" value={kept} onChange={(e) => setKept(e.target.value)}>
                {directions.map((d) => (
                  <option key={d.into.partnerNumber} value={d.into.partnerNumber}>
                    {d.into.organizationName} ({d.into.partnerNumber})
                  </option>
                ))}
              </select>
            </div>
          )}
          {mayMerge && (
            <button
              type="button"
              className="btn btn-outline-danger btn-sm"
              disabled={merge.isPending}
              onClick={() => setMerging(true)}
            >
              {t('forensics.merge', { from: direction.from.partnerNumber, into: direction.into.partnerNumber })}
            </button>
          )}
        </div>
        {merging && direction && (
          <Modal
            title={t('forensics.mergeTitle')}
            onOk={() => {
              setMerging(false);
              merge.mutate(direction);
            }}
            onCancel={() => setMerging(false)}
          >
            {t('forensics.mergeConfirm', {
              from: `${direction.from.organizationName} (${direction.from.partnerNumber})`,
              into: `${direction.into.organizationName} (${direction.into.partnerNumber})`,
            })}
          </Modal>
        )}
      </form>
    </FormProvider>
  );
}
