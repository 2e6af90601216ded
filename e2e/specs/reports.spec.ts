import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { GRIEVANCE_STATE_NAMES } from '@pp/contract';
import { expect, test } from '../support/fixtures.ts';
import { staffSignIn } from '../support/staff.ts';

test('a reports user picks a report, narrows it, reads its chart and downloads it whole as XLSX and CSV', async ({ browser }) => {
  const page = await staffSignIn(browser, 'demo.reports', '', /\/Reports$/);
  await expect(page.getByRole('heading', { name: 'Reports', level: 1 })).toBeVisible();
  const catalogue = page.getByRole('navigation', { name: 'Reports' });
  await catalogue.getByRole('button', { name: /Grievances and deadlines/ }).click();
  await expect(page).toHaveURL(/report=grievances/);

  const view = page.getByRole('region', { name: 'Grievances and deadlines' });
  const total = view.getByRole('status');
  await expect(total).toHaveText(/^\d+ rows?$/);
  await expect(view.getByRole('img', { name: 'Grievances per state, within and past their deadlines' })).toBeVisible();
  const firstRows = view.getByRole('table', { name: 'First rows of Grievances and deadlines' });
  await expect(firstRows).toBeVisible();

  // Narrowed to one state, the rows follow. (Not compared with the total before: other journeys
  // add and resolve grievances meanwhile, and did make the resolved ones outnumber that total.)
  await page.getByRole('region', { name: 'Filters' }).getByRole('combobox', { name: 'State' }).selectOption('RESOLVED');
  const states = firstRows.locator('tbody tr td:nth-child(5)');
  await expect(async () => {
    const shown = await states.allTextContents();
    expect(shown.length).toBeGreaterThan(0);
    expect(new Set(shown)).toEqual(new Set([GRIEVANCE_STATE_NAMES.en.RESOLVED]));
  }).toPass();
  const resolved = Number((await total.textContent())!.split(' ')[0]);

  // The XLSX holds every row of the narrowed report, under its headings.
  const xlsx = page.waitForEvent('download');
  await view.getByRole('button', { name: 'Download XLSX' }).click();
  const file = await (await xlsx).path();
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await readFile(file)) as unknown as ExcelJS.Buffer);
  const sheet = workbook.worksheets[0]!;
  expect(sheet.rowCount).toBe(resolved + 1);
  expect(sheet.getRow(1).getCell(1).value).toBe('Grievance number');
  for (let row = 2; row <= Math.min(sheet.rowCount, 20); row++) expect(sheet.getRow(row).getCell(5).value).toBe('RESOLVED');

  const csv = page.waitForEvent('download');
  await view.getByRole('button', { name: 'Download CSV' }).click();
  const download = await csv;
  expect(download.suggestedFilename()).toMatch(/^grievances-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = (await readFile(await download.path(), 'utf8')).trimEnd().split('\r\n');
  expect(lines).toHaveLength(resolved + 1);
  await page.context().close();
});

test('the reports page fits a 1366 px screen and a 375 px phone: no filter cut, the preview scrolls inside its card', async ({
  browser,
}) => {
  const page = await staffSignIn(browser, 'demo.reports', '', /\/Reports$/);
  for (const size of [
    { width: 1366, height: 768 },
    { width: 375, height: 812 },
  ]) {
    await page.setViewportSize(size);
    // The report with the most filters and columns.
    await page
      .getByRole('navigation', { name: 'Reports' })
      .getByRole('button', { name: /^Onboarding/ })
      .click();
    const view = page.getByRole('region', { name: /^Onboarding/ });
    await expect(view.getByRole('status')).toHaveText(/^\d+ rows?$/);
    // Each filter's chosen text fits its box: measured in the box's own font, beside the box's room for it.
    const cut = await page.getByRole('region', { name: 'Filters' }).evaluate((filters) => {
      const context = document.createElement('canvas').getContext('2d')!;
      return [...filters.querySelectorAll('select')].flatMap((select) => {
        const style = getComputedStyle(select);
        context.font = style.font;
        const text = select.selectedOptions[0]?.textContent ?? '';
        const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
        return context.measureText(text).width > room ? [`${text} (${Math.round(room)} px)`] : [];
      });
    });
    expect(cut, `filters cut at ${size.width} px`).toEqual([]);
    // The preview's table scrolls in its own box, which stays inside the card; the page itself does not scroll sideways.
    const card = await view.boundingBox();
    const box = await view.locator('.table-responsive').boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(card!.x + card!.width + 0.5);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
  }
  await page.context().close();
});
