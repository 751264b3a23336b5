import { fireEvent, render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Switch } from './switch.tsx';

describe('Switch', () => {
  it('takes focus and turns with Space or Enter, as a tap does', () => {
    const onChange = vi.fn();
    const { getByRole, rerender } = render(<Switch checked={false} onChange={onChange} aria-label="Fills by mail" />);
    const control = getByRole('switch', { name: 'Fills by mail' });
    expect(control.tabIndex).toBe(0);
    fireEvent.keyDown(control, { key: ' ' });
    expect(onChange).toHaveBeenLastCalledWith(true);
    rerender(<Switch checked onChange={onChange} aria-label="Fills by mail" />);
    fireEvent.keyDown(control, { key: 'Enter' });
    expect(onChange).toHaveBeenLastCalledWith(false);
    fireEvent.keyDown(control, { key: 'a' });
    expect(onChange).toHaveBeenCalledTimes(2);
  });

  it('is left out of the tab order and does nothing when disabled', () => {
    const onChange = vi.fn();
    const { getByRole } = render(<Switch checked disabled onChange={onChange} aria-label="Account notices" />);
    const control = getByRole('switch', { name: 'Account notices' });
    expect(control.tabIndex).toBe(-1);
    fireEvent.keyDown(control, { key: ' ' });
    expect(onChange).not.toHaveBeenCalled();
  });
});
