import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SEARCH_TOTAL_CAP } from '@pp/contract';
import { Pager } from './Pager.tsx';

const rows = (n: number) => Array.from({ length: n }, (_, i) => i);
const totalText = (count: number) => `${count.toLocaleString('en-IN')} partners`;

function pager(page: { items: number[]; total: number; totalCapped: boolean }, pageNo: number) {
  const onPage = vi.fn();
  render(<Pager page={page} pageNo={pageNo} pageSize={20} totalText={totalText} onPage={onPage} />);
  const nav = screen.getByRole('navigation', { name: `Page ${pageNo}` });
  return { nav, onPage, next: screen.getByRole('button', { name: 'Next' }) };
}

describe('the pager under a server-paged list', () => {
  it('words the total and stops on the last page', () => {
    const { nav, next } = pager({ items: rows(15), total: 95, totalCapped: false }, 5);
    expect(nav).toHaveTextContent('95 partners');
    expect(next).toBeDisabled();
  });

  it('says "more than" a capped search’s total and goes on while a page comes back full', async () => {
    const { nav, next, onPage } = pager({ items: rows(20), total: SEARCH_TOTAL_CAP, totalCapped: true }, 50);
    expect(nav).toHaveTextContent('More than 1,000 partners');
    await userEvent.click(next);
    expect(onPage).toHaveBeenCalledWith(51);
  });

  it('stops a capped search on its first page that is not full', () => {
    const { next } = pager({ items: rows(7), total: SEARCH_TOTAL_CAP, totalCapped: true }, 53);
    expect(next).toBeDisabled();
  });
});
