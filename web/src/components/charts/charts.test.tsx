import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { BarChart } from './BarChart.tsx';
import { DoughnutChart } from './DoughnutChart.tsx';
import { fitText, labelEvery, niceTicks } from './scale.ts';

/** The hover texts of a chart's drawn marks (bars, points, slices), in drawing order. */
const hovers = (chart: HTMLElement, mark: string) =>
  [...chart.querySelectorAll(`${mark} > title`)].map((title) => title.textContent);

describe('chart axes', () => {
  it('run from 0 to a round number at or above the largest value, in round steps', () => {
    expect(niceTicks(930)).toEqual([0, 200, 400, 600, 800, 1000]);
    expect(niceTicks(37_14_417)).toEqual([0, 10_00_000, 20_00_000, 30_00_000, 40_00_000]);
    expect(niceTicks(0.3)).toEqual([0, 0.1, 0.2, 0.3]);
    // Counts step by whole numbers, and an empty chart still has an axis.
    expect(niceTicks(2, 5, true)).toEqual([0, 1, 2]);
    expect(niceTicks(0, 5, true)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(niceTicks(0)).toEqual([0, 0.2, 0.4, 0.6, 0.8, 1]);
  });

  it('write every label that fits, and cut a long one with an ellipsis', () => {
    expect(labelEvery(['Jan 26', 'Feb 26', 'Mar 26'], 100)).toBe(1);
    expect(labelEvery(['Jan 26', 'Feb 26', 'Mar 26'], 20)).toBe(3);
    expect(fitText('Electrical Equipment', 1000)).toBe('Electrical Equipment');
    expect(fitText('Electrical Equipment', 60)).toBe('Electric…');
  });
});

describe('a bar chart', () => {
  it('draws a bar per value that is not zero and a point per value of a line, each saying what it is', () => {
    render(
      <BarChart
        label="Orders by month"
        categories={['Jan 26', 'Feb 26']}
        series={[
          { label: 'Order value', values: [1500, 0], color: '#00f' },
          { label: 'Orders', values: [3, 0], color: '#f80', line: true, axis: 'right' },
        ]}
        axes={{ right: { integer: true } }}
        format={(value, series) => (series.line ? String(value) : `₹${value}`)}
      />,
    );
    const chart = screen.getByRole('img', { name: 'Orders by month' });
    expect(hovers(chart, 'rect')).toEqual(['Jan 26 · Order value: ₹1500']);
    expect(hovers(chart, 'circle')).toEqual(['Jan 26 · Orders: 3', 'Feb 26 · Orders: 0']);
    // The second axis counts orders in whole numbers: 0, 1, 2, 3.
    expect([...chart.querySelectorAll('text')].map((t) => t.textContent)).toEqual(expect.arrayContaining(['0', '1', '2', '3']));
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Order value', 'Orders']);
  });

  it('stacks series on each other, the stack as tall as their sum', () => {
    render(
      <BarChart
        label="Open grievances by age"
        categories={['Up to 7 days']}
        series={[
          { label: 'Overdue', values: [2], color: '#d00' },
          { label: 'Within deadline', values: [6], color: '#666' },
        ]}
        stacked
        axes={{ left: { integer: true } }}
      />,
    );
    const chart = screen.getByRole('img', { name: 'Open grievances by age' });
    const [overdue, within] = [...chart.querySelectorAll('rect')];
    // One column: the second bar starts where the first ends.
    expect(overdue!.getAttribute('x')).toBe(within!.getAttribute('x'));
    expect(Number(within!.getAttribute('y')) + Number(within!.getAttribute('height'))).toBeCloseTo(
      Number(overdue!.getAttribute('y')),
      0,
    );
    expect(Number(within!.getAttribute('height'))).toBeCloseTo(3 * Number(overdue!.getAttribute('height')), 0);
  });

  it('lies down for long category names, each name beside its bar', () => {
    render(
      <BarChart
        label="Top categories"
        horizontal
        legend={false}
        categories={['Structural Steel', 'Electrical Equipment']}
        series={[{ label: 'Order value', values: [10, 40], color: '#60f' }]}
      />,
    );
    const chart = screen.getByRole('img', { name: 'Top categories' });
    const [steel, electrical] = [...chart.querySelectorAll('rect')];
    expect(Number(electrical!.getAttribute('width'))).toBeCloseTo(4 * Number(steel!.getAttribute('width')), 0);
    expect(Number(electrical!.getAttribute('y'))).toBeGreaterThan(Number(steel!.getAttribute('y')));
    expect(screen.queryByRole('list')).toBeNull();
  });
});

describe('a doughnut chart', () => {
  it('cuts the ring into the slices that have a value, and names every slice in its legend', () => {
    render(
      <DoughnutChart
        label="Invoices by status"
        slices={[
          { label: 'Paid', value: 300, color: '#2c9' },
          { label: 'Rejected', value: 0, color: '#d00' },
          { label: 'Accepted, unpaid', value: 100, color: '#f80' },
        ]}
        format={(v) => `₹${v}`}
      />,
    );
    const chart = screen.getByRole('img', { name: 'Invoices by status' });
    expect(hovers(chart, 'path')).toEqual(['Paid: ₹300', 'Accepted, unpaid: ₹100']);
    // Three quarters of the ring: the large-arc flag is set for the first slice only.
    const arcs = [...chart.querySelectorAll('path')].map((p) => p.getAttribute('d')!.match(/A[\d.]+,[\d.]+ 0 (\d)/)![1]);
    expect(arcs).toEqual(['1', '0']);
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Paid', 'Rejected', 'Accepted, unpaid']);
  });

  it('draws one slice as the whole ring', () => {
    render(<DoughnutChart label="Invoices by status" slices={[{ label: 'Paid', value: 5, color: '#2c9' }]} />);
    expect(hovers(screen.getByRole('img', { name: 'Invoices by status' }), 'circle')).toEqual(['Paid: 5']);
  });
});
