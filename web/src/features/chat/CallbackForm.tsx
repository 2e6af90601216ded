import { FormProvider } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  CALLBACK_PARTS,
  CHAT_FORM_FIELD_MAX_CHARS,
  MOBILE_DIGITS,
  MOBILE_DISPLAY_PREFIX,
  callbackRequestSchema,
  joinCallbackRequest,
  type CallbackRequest,
} from '@pp/contract';
import { TextField, digitsOnly } from '../../forms/fields.tsx';
import { useContractForm } from '../../forms/use-contract-form.ts';

/** The chat's callback mini form (spec section 5): all four parts required, submit once, when valid. */
export function CallbackForm({ onSubmit }: { onSubmit: (text: string) => void }) {
  const { t } = useTranslation(['chat', 'common', 'messages']);
  const form = useContractForm(callbackRequestSchema, { defaultValues: { name: '', company: '', mobile: '', email: '' } });
  const { isValid, isSubmitSuccessful } = form.formState;

  return (
    <FormProvider {...form}>
      <form
        className="chat-callback border rounded p-2 bg-white small"
        aria-label={t('callback.label')}
        noValidate
        onSubmit={(e) => void form.handleSubmit((request: CallbackRequest) => onSubmit(joinCallbackRequest(request)))(e)}
      >
        <fieldset disabled={isSubmitSuccessful}>
          {CALLBACK_PARTS.map((part) => (
            <TextField<CallbackRequest>
              key={part}
              name={part}
              label={t(`callback.${part}`)}
              small
              maxLength={part === 'mobile' ? MOBILE_DIGITS : CHAT_FORM_FIELD_MAX_CHARS}
              inputMode={part === 'mobile' ? 'numeric' : part === 'email' ? 'email' : 'text'}
              {...(part === 'mobile' ? { addon: MOBILE_DISPLAY_PREFIX, normalize: digitsOnly } : {})}
            />
          ))}
          <button type="submit" className="btn btn-primary btn-sm w-100" disabled={!isValid}>
            {t('callback.submit')}
          </button>
        </fieldset>
      </form>
    </FormProvider>
  );
}
