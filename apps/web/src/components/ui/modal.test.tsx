import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Modal } from './modal';

function Harness({ onClose = () => {} }: { onClose?: () => void }) {
  const [isOpen, setIsOpen] = useState(false);
  return (
    <div id="root">
      <button type="button" onClick={() => setIsOpen(true)}>
        open
      </button>
      <Modal
        open={isOpen}
        title="Message"
        onClose={() => {
          onClose();
          setIsOpen(false);
        }}
        footer={<button type="button">Checkout</button>}
      >
        <button type="button">Continue</button>
      </Modal>
    </div>
  );
}

describe('Modal', () => {
  it('is a labelled dialog that takes focus and makes the page inert', () => {
    render(<Harness />);
    fireEvent.click(screen.getByText('open'));
    const dialog = screen.getByRole('dialog', { name: 'Message' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(dialog.contains(document.activeElement)).toBe(true);
    expect(document.getElementById('root')?.hasAttribute('inert')).toBe(true);
  });

  it('closes on Escape, returns focus and lifts inertness', () => {
    const onClose = vi.fn();
    render(<Harness onClose={onClose} />);
    const opener = screen.getByText('open');
    opener.focus();
    fireEvent.click(opener);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
    expect(document.getElementById('root')?.hasAttribute('inert')).toBe(false);
  });

  it('keeps Tab inside the dialog', () => {
    render(<Harness />);
    fireEvent.click(screen.getByText('open'));
    const last = screen.getByText('Checkout');
    last.focus();
    fireEvent.keyDown(document, { key: 'Tab' });
    expect(document.activeElement?.textContent).toBe('Close');
    fireEvent.keyDown(document, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(last);
  });
});
