import { describe, expect, it } from 'vitest';
import { useState } from 'react';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FormProvider } from 'react-hook-form';
import { z } from 'zod';
import { ruleSchema } from '@pp/contract';
import { ApiError } from '../api/client.ts';
import { setLanguage } from '../i18n/index.ts';
import { FormAlert, TextField } from './fields.tsx';
import { SelectField } from './select-field.tsx';
import { applyFailure } from './failure.ts';
import { useContractForm } from './use-contract-form.ts';

const schema = z.object({
  email: z.string().trim().pipe(ruleSchema('email')),
  companyCode: z.number({ error: 'validation.required' }),
});
type Values = z.input<typeof schema>;

/** A two-field contract form whose submit fails with what the test gives it. */
function Sample({ failWith, onValid }: { failWith?: unknown; onValid?: (values: z.output<typeof schema>) => void }) {
  const form = useContractForm(schema, { defaultValues: { email: '' } });
  const [alert, setAlert] = useState<string | null>(null);
  return (
    <FormProvider {...form}>
      <FormAlert message={alert} />
      <form
        noValidate
        onSubmit={(e) =>
          void form.handleSubmit((values) => {
            if (failWith) setAlert(applyFailure(form, failWith));
            else onValid?.(values);
          })(e)
        }
      >
        <TextField<Values> name="email" label="E-mail" required />
        <SelectField<Values>
          name="companyCode"
          label="Company"
          numeric
          placeholder="Select…"
          options={[
            { value: 1, label: 'Construction' },
            { value: 8, label: 'Infrastructure' },
          ]}
        />
        <button type="submit">Save</button>
      </form>
    </FormProvider>
  );
}

/** A select whose saved value is known before its options are (a reference list still loading). */
function LateOptions({ options }: { options: { value: string; label: string }[] }) {
  const form = useContractForm(z.object({ ownershipType: z.string() }), { defaultValues: { ownershipType: 'PVT' } });
  return (
    <FormProvider {...form}>
      <SelectField<{ ownershipType: string }>
        name="ownershipType"
        label="Ownership type"
        placeholder="Select…"
        options={options}
      />
    </FormProvider>
  );
}

const failure = (fieldErrors: { field: string; message: string }[], failureMessage = 'Refused') =>
  new ApiError(400, { errorCode: 400, failureMessage, fieldErrors }, failureMessage);

describe('contract forms', () => {
  it('shows a saved choice whose options arrive after the form has its values', () => {
    const { rerender } = render(<LateOptions options={[]} />);
    rerender(
      <LateOptions
        options={[
          { value: 'PROP', label: 'Proprietorship' },
          { value: 'PVT', label: 'Private limited company' },
        ]}
      />,
    );
    expect(screen.getByLabelText('Ownership type')).toHaveValue('PVT');
  });

  it('shows each field its rule on submit, wired to the input for assistive technology', async () => {
    render(<Sample />);
    await userEvent.type(screen.getByLabelText('E-mail'), 'not-an-address');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const email = screen.getByLabelText('E-mail');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    // Said to be an error in words, not by colour alone, and announced as it appears.
    expect(email).toHaveAccessibleDescription('Error: Enter a valid e-mail address');
    expect(screen.getByLabelText('Company')).toHaveAccessibleDescription('Error: This field is required');
    expect(screen.getAllByRole('alert').map((a) => a.id)).toEqual(['email-feedback', 'companyCode-feedback']);
  });

  it('gives the submit handler the parsed values, the select as a number', async () => {
    let saved: unknown = null;
    render(<Sample onValid={(v) => (saved = v)} />);
    await userEvent.type(screen.getByLabelText('E-mail'), '  Asha@Verma-Steel.example.com ');
    await userEvent.selectOptions(screen.getByLabelText('Company'), 'Infrastructure');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(saved).toEqual({ email: 'Asha@Verma-Steel.example.com', companyCode: 8 });
  });

  it('says the shown messages again in Hindi when the language changes', async () => {
    render(<Sample />);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByLabelText('E-mail')).toHaveAccessibleDescription('Error: Enter a valid e-mail address');
    await act(() => setLanguage('hi'));
    expect(await screen.findByText('मान्य ई-मेल पता दर्ज करें')).toBeVisible();
    expect(screen.getByLabelText('Company')).toHaveAccessibleDescription('त्रुटि: यह फ़ील्ड आवश्यक है');
  });

  it("puts the server's field errors under their fields, and clears one when the field is edited", async () => {
    render(<Sample failWith={failure([{ field: 'email', message: 'This e-mail address is already registered with us.' }])} />);
    await userEvent.type(screen.getByLabelText('E-mail'), 'asha@verma-steel.example.com');
    await userEvent.selectOptions(screen.getByLabelText('Company'), 'Construction');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByLabelText('E-mail')).toHaveAccessibleDescription(
      'Error: This e-mail address is already registered with us.',
    );
    // Under its field only: no alert for the whole form.
    expect(screen.getAllByRole('alert').map((a) => a.id)).toEqual(['email-feedback']);
    await userEvent.type(screen.getByLabelText('E-mail'), 'x');
    expect(screen.getByLabelText('E-mail')).toHaveAttribute('aria-invalid', 'false');
  });

  it('shows what belongs to no field of the form in its alert', async () => {
    render(<Sample failWith={failure([{ field: 'captcha', message: 'Captcha expired' }])} />);
    await userEvent.type(screen.getByLabelText('E-mail'), 'asha@verma-steel.example.com');
    await userEvent.selectOptions(screen.getByLabelText('Company'), 'Construction');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Captcha expired');
  });
});
