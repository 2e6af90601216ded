import { expect, type Locator, type Page } from '@playwright/test';
import { gstinCheckCharacter } from '@pp/contract';
import { samplePdf } from '@pp/testing/sample-files';

/** A PAN of a company (4th letter C) no other journey uses, so the duplicate checks stay quiet. */
export function uniquePan(): string {
  const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  const n = Date.now() + Math.floor(Math.random() * 1e6);
  const letter = (i: number) => letters[Math.floor(n / 26 ** i) % 26]!;
  return `${letter(3)}${letter(2)}${letter(1)}C${letter(0)}${String(n % 10_000).padStart(4, '0')}${letter(4)}`;
}

/** A Maharashtra GSTIN of the PAN with its right check character. */
export const gstinOf = (pan: string) => `27${pan}1Z${gstinCheckCharacter(`27${pan}1Z`)}`;

/** The form holding the field whose id starts with `prefix-` (parts' ids are `<form id>-<field>`). */
export const formOf = (page: Page, prefix: string): Locator =>
  page.locator('form', { has: page.locator(`[id^="${prefix}-"]`) }).first();

/** Submits the complete profile: the button, then Ok in the modal that says what happens next. */
export async function submitForApproval(page: Page) {
  await page.getByRole('button', { name: 'Submit for approval' }).click();
  const confirm = page.getByRole('dialog', { name: 'Submit the profile for approval?' });
  await expect(confirm).toContainText("The group's reviewers will read it desk by desk");
  await confirm.getByRole('button', { name: 'Ok' }).click();
}

/** Submits a part's form and waits for its 'Saved' note. */
export async function saveForm(page: Page, prefix: string, button: string | RegExp = 'Save draft') {
  const form = formOf(page, prefix);
  await form.getByRole('button', { name: button }).click();
  await expect(form.getByRole('status')).toHaveText('Saved');
}

/** Adds a row to a list through its add form, and waits for the row to be listed. */
export async function addRow(page: Page, list: string, fill: () => Promise<void>, rowText: string) {
  await fill();
  await formOf(page, `${list}-add`)
    .getByRole('button', { name: /^Add to / })
    .click();
  await expect(page.locator(`section[aria-labelledby="${list}-title"] table`)).toContainText(rowText);
}

/** Chooses a file with the picker's 'Add File(s)' input and waits for it to be listed. */
export async function pickFile(page: Page, pickerId: string, name: string) {
  await page.locator(`#${pickerId}`).setInputFiles({ name, mimeType: 'application/pdf', buffer: samplePdf(name) });
  await expect(page.getByTestId(`${pickerId}-drop`)).toContainText(name);
}

/** Drops a file on the picker's drop zone, as a user dragging it from the desktop would. */
export async function dropFile(page: Page, pickerId: string, name: string) {
  const dataTransfer = await page.evaluateHandle(
    ({ fileName, base64 }) => {
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const transfer = new DataTransfer();
      transfer.items.add(new File([bytes], fileName, { type: 'application/pdf' }));
      return transfer;
    },
    { fileName: name, base64: samplePdf(name).toString('base64') },
  );
  const zone = page.getByTestId(`${pickerId}-drop`);
  await zone.dispatchEvent('dragover', { dataTransfer });
  await zone.dispatchEvent('drop', { dataTransfer });
  await expect(zone).toContainText(name);
}

/** Opens a module from the module list. */
export async function openModule(page: Page, name: string) {
  await page
    .getByRole('navigation', { name: 'Modules' })
    .getByRole('button', { name: new RegExp(`^${name}`) })
    .click();
  await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
}

/** The overall percentage the page shows. */
export async function overallPercentage(page: Page): Promise<number> {
  const text = (await page.getByTestId('overall-progress').textContent()) ?? '';
  return Number(/(\d+)%/.exec(text)?.[1] ?? NaN);
}
