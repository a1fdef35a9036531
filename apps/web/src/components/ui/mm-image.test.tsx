import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { MmImage } from './mm-image';

afterEach(cleanup);

describe('MmImage (spec §2 images)', () => {
  it('loads from the sub-path and is replaced once by the dummy image when it fails', () => {
    render(<MmImage src="/img/monarch.svg" alt="Monarch" />);
    const img = screen.getByRole('img', { name: 'Monarch' });
    expect(img.getAttribute('src')).toBe('/mmapp/img/monarch.svg');
    fireEvent.error(img);
    expect(img.getAttribute('src')).toBe('/mmapp/img/dummy.svg');
    fireEvent.error(img);
    expect(img.getAttribute('src')).toBe('/mmapp/img/dummy.svg');
  });

  it('uses the fallback the caller gives, and leaves attachment URLs as they are', () => {
    render(<MmImage src="/attachments/observations/small/a.jpg" fallback="/img/other.svg" alt="Photo" />);
    const img = screen.getByRole('img', { name: 'Photo' });
    expect(img.getAttribute('src')).toBe('/attachments/observations/small/a.jpg');
    fireEvent.error(img);
    expect(img.getAttribute('src')).toBe('/mmapp/img/other.svg');
  });
});
