import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import type { StoredFileInfo } from '@pp/contract';
import { renderInApp } from '../test/render.tsx';
import { FilePicker } from './FilePicker.tsx';

const FILE: StoredFileInfo = { uniqueId: 'f-1', fileName: 'iso-9001.pdf', fileType: 'pdf', fileSize: 20_480, siteUrl: '' };

describe('The file picker', () => {
  it('offers to add and remove files where the form may change', async () => {
    renderInApp(<FilePicker id="logo" label="Company logo" files={[FILE]} onChange={vi.fn()} />);
    expect(await screen.findByRole('button', { name: 'Add File(s)' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Remove iso-9001.pdf' })).toBeInTheDocument();
  });

  it('read only, shows the files given and nothing that offers to add or remove one', async () => {
    const { unmount } = renderInApp(<FilePicker id="logo" label="Company logo" files={[FILE]} onChange={vi.fn()} disabled />);
    expect(await screen.findByRole('button', { name: 'iso-9001.pdf' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add File(s)' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Remove/ })).toBeNull();
    expect(screen.queryByText(/or drop files here/)).toBeNull();
    unmount();

    renderInApp(<FilePicker id="logo" label="Company logo" files={[]} onChange={vi.fn()} disabled />);
    expect(await screen.findByText('No file given')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add File(s)' })).toBeNull();
  });
});
