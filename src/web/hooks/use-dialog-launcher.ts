import { useRef, useState } from 'react';

/**
 * A button that opens a dialog: whether it is open, and closing it gives the focus back to the
 * button (the dialogs load when first opened).
 */
export function useDialogLauncher() {
  const [isOpen, setIsOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  return {
    isOpen,
    buttonRef,
    open: () => setIsOpen(true),
    close: () => {
      setIsOpen(false);
      buttonRef.current?.focus();
    },
  };
}
