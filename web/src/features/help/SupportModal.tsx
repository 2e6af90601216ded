import { useEffect, useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { FormProvider } from 'react-hook-form';
import BsModal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import {
  SUPPORT_MESSAGE_MAX_CHARS,
  SUPPORT_NAME_MAX_CHARS,
  SUPPORT_OTP_DIGITS,
  supportEmailSchema,
  supportNameSchema,
  supportQueryBodySchema,
  type StoredFileInfo,
} from '@pp/contract';
import { ApiError, failureText } from '../../api/client.ts';
import { partnerInfoQuery } from '../../api/partner.ts';
import { FilePicker } from '../../components/FilePicker.tsx';
import { FormAlert, TextAreaField, TextField } from '../../forms/fields.tsx';
import { applyFailure, failureOf } from '../../forms/failure.ts';
import { useContractForm } from '../../forms/use-contract-form.ts';
import { useSession } from '../../session/session.ts';
import { hasOpenQuery, sendSupportOtp, submitSupportQuery, verifySupportOtp } from './api.ts';
import { MyQueries } from './MyQueries.tsx';

/**
 * The support form of spec sections 4 and 5. A visitor types a name and e-mail, gets a 5-digit
 * OTP by e-mail, verifies it, then submits; editing the e-mail starts the OTP again. A signed-in
 * partner's name and e-mail are filled in and locked, it needs no OTP and may attach a file. An
 * open query of the address is pointed to instead of a new one. Closing forgets everything.
 */
export default function SupportModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation(['help', 'common']);
  const { token, role } = useSession();
  const partner = Boolean(token) && role === 'PARTNER';
  const info = useQuery({ ...partnerInfoQuery, enabled: partner }).data;
  const form = useContractForm(supportQueryBodySchema, {
    defaultValues: { displayName: '', partnerEmailId: '', message: '' },
  });
  const [otp, setOtp] = useState({ sentTo: null as string | null, code: '', verified: false });
  const [files, setFiles] = useState<StoredFileInfo[]>([]);
  const [alert, setAlert] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const locked = partner && info !== undefined;
  // A signed-in partner's own name and address, as the form shows them locked.
  const own = locked
    ? {
        displayName: (info.coordinationPerson ?? info.organizationName)
          .replace(/[^A-Za-z0-9 &-]/g, '')
          .slice(0, SUPPORT_NAME_MAX_CHARS),
        partnerEmailId: info.email,
      }
    : null;
  const email = (own?.partnerEmailId ?? form.watch('partnerEmailId') ?? '').trim().toLowerCase();
  // The OTP belongs to the address it went to: editing the e-mail starts again (spec section 4).
  const current = otp.sentTo === email ? otp : { sentTo: null, code: '', verified: false };
  const { setValue } = form;
  const ownName = own?.displayName;
  const ownEmail = own?.partnerEmailId;
  useEffect(() => {
    if (ownName === undefined || ownEmail === undefined) return;
    setValue('displayName', ownName);
    setValue('partnerEmailId', ownEmail);
  }, [ownName, ownEmail, setValue]);
  // The server's words for the field it names (without the field's name), else the section 8 text.
  const fail = (error: unknown) =>
    setAlert(
      error instanceof ApiError
        ? failureOf(error).message || failureText(error, t('failure'))
        : error instanceof Error
          ? error.message
          : t('failure'),
    );

  const send = useMutation({
    mutationFn: async () => {
      const name = supportNameSchema.safeParse(form.getValues('displayName'));
      const address = supportEmailSchema.safeParse(form.getValues('partnerEmailId'));
      if (!name.success || !address.success) {
        await form.trigger(['displayName', 'partnerEmailId']);
        // A refused domain is said under the field in the spec's words; an address that is not one
        // gets the spec's own alert besides.
        if (!address.success && !address.error.issues.some((i) => i.message === 'support.emailDomain'))
          throw new Error(t('invalidEmail'));
        return null;
      }
      await sendSupportOtp(name.data, address.data);
      return address.data;
    },
    onMutate: () => {
      setAlert(null);
      setNote(null);
    },
    onSuccess: (sentTo) => {
      if (!sentTo) return;
      setOtp({ sentTo, code: '', verified: false });
      setNote(t('otpSent', { email: sentTo }));
    },
    onError: fail,
  });
  const verify = useMutation({
    mutationFn: () => verifySupportOtp(email, current.code),
    onMutate: () => setAlert(null),
    onSuccess: () => {
      setOtp((o) => ({ ...o, verified: true }));
      setNote(t('otpVerified'));
    },
    onError: fail,
  });
  const submit = useMutation({
    mutationFn: async (body: Parameters<typeof submitSupportQuery>[0]) => {
      if (await hasOpenQuery(body.partnerEmailId)) throw new Error(t('openChat'));
      return submitSupportQuery({
        ...body,
        siteUrl: window.location.pathname,
        ...(files[0] ? { attachmentDocId: files[0].uniqueId } : {}),
      });
    },
    onMutate: () => setAlert(null),
    onSuccess: () => setDone(true),
    onError: (error) => (error instanceof ApiError ? setAlert(applyFailure(form, error)) : fail(error)),
  });
  const onSubmit = form.handleSubmit((body) => {
    if (!locked && !current.verified) {
      setAlert(t('verifyFirst'));
      return;
    }
    submit.mutate(own ? { ...body, ...own } : body);
  });

  return (
    <BsModal show centered onHide={onClose} aria-labelledby="support-title">
      <BsModal.Header closeButton closeLabel={t('close')}>
        <BsModal.Title as="h5" id="support-title">
          {t('support.title')}
        </BsModal.Title>
      </BsModal.Header>
      <BsModal.Body>
        {done ? (
          <div className="alert alert-success mb-0" role="status">
            {t('submitted')}
          </div>
        ) : (
          <FormProvider {...form}>
            <FormAlert message={alert} />
            <form id="support-form" noValidate onSubmit={(e) => void onSubmit(e)}>
              {own ? (
                <>
                  <div className="mb-3">
                    <label htmlFor="support-name" className="form-label">
                      {t('name')}
                    </label>
                    <input id="support-name" className="form-control" value={own.displayName} readOnly />
                  </div>
                  <div className="mb-3">
                    <label htmlFor="support-email" className="form-label">
                      {t('email')}
                    </label>
                    <input id="support-email" className="form-control" value={own.partnerEmailId} readOnly />
                  </div>
                </>
              ) : (
                <>
                  <TextField name="displayName" id="support-name" label={t('name')} required maxLength={SUPPORT_NAME_MAX_CHARS} />
                  <TextField name="partnerEmailId" id="support-email" label={t('email')} required type="email" maxLength={100} />
                  <div className="d-flex align-items-end gap-2 mb-3">
                    <button
                      type="button"
                      className="btn btn-outline-primary"
                      disabled={send.isPending || current.verified}
                      onClick={() => send.mutate()}
                    >
                      {current.sentTo ? t('common:resendOtp') : t('common:sendOtp')}
                    </button>
                    {current.sentTo && !current.verified && (
                      <>
                        <div className="flex-grow-1">
                          <label htmlFor="support-otp" className="form-label">
                            {t('otp')}
                          </label>
                          <input
                            id="support-otp"
                            className="form-control"
                            inputMode="numeric"
                            autoComplete="one-time-code"
                            maxLength={SUPPORT_OTP_DIGITS}
                            value={current.code}
                            onChange={(e) =>
                              setOtp({ ...current, code: e.target.value.replace(/\D/g, '').slice(0, SUPPORT_OTP_DIGITS) })
                            }
                          />
                        </div>
                        <button
                          type="button"
                          className="btn btn-primary"
                          disabled={current.code.length !== SUPPORT_OTP_DIGITS || verify.isPending}
                          onClick={() => verify.mutate()}
                        >
                          {t('verify')}
                        </button>
                      </>
                    )}
                    {current.verified && <span className="badge text-bg-success align-self-center">{t('verified')}</span>}
                  </div>
                </>
              )}
              {note && current.sentTo && (
                <p className="small text-success" role="status">
                  {note}
                </p>
              )}
              <TextAreaField
                name="message"
                id="support-message"
                label={t('message')}
                required
                rows={4}
                maxLength={SUPPORT_MESSAGE_MAX_CHARS}
                hint={t('messageHint', { count: (form.watch('message') ?? '').length })}
              />
              {locked && <FilePicker id="support-attachment" label={t('attachment')} files={files} onChange={setFiles} single />}
            </form>
          </FormProvider>
        )}
        {partner && <MyQueries />}
      </BsModal.Body>
      <BsModal.Footer>
        <button type="button" className="btn btn-secondary" onClick={onClose}>
          {t('close')}
        </button>
        {!done && (
          <button type="submit" form="support-form" className="btn btn-primary" disabled={submit.isPending}>
            {t('submit')}
          </button>
        )}
      </BsModal.Footer>
    </BsModal>
  );
}
