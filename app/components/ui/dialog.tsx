// The kit's modal dialog on Radix: focus moves in and is trapped, the rest of the page is hidden from
// assistive technology, Escape or a click on the backdrop closes it (only the top one when dialogs are
// stacked), and closing hands focus back to the element that had it when the dialog opened.
import * as Dialog from "@radix-ui/react-dialog";
import { useRef, type ReactNode } from "react";

/** Remembers what had focus when a dialog opened, and gives it back when the dialog closes. */
export function useReturnFocus() {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: () => {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    },
    onCloseAutoFocus: (e: Event) => {
      // Only when focus was lost with the dialog: a screen that moved focus on purpose keeps it there.
      const now = document.activeElement;
      const lost = !now || now === document.body || !now.isConnected;
      if (lost && opener.current?.isConnected) {
        e.preventDefault();
        opener.current.focus();
      }
    },
  };
}

/**
 * A modal dialog shown while it is rendered: the caller renders it to open it and stops rendering it
 * (from `onClose`) to close it.
 */
export function Modal({
  title,
  onClose,
  children,
  footer,
  wide = false,
  description,
}: {
  title: ReactNode;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
  wide?: boolean;
  description?: string;
}) {
  const focus = useReturnFocus();
  return (
    <Dialog.Root
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-ink/45" />
        <Dialog.Content
          {...focus}
          {...(description ? {} : { "aria-describedby": undefined })}
          className="fixed top-1/2 left-1/2 z-50 flex max-h-[92vh] -translate-x-1/2 -translate-y-1/2 flex-col overflow-hidden rounded-2xl bg-white p-0 text-ink shadow-2xl"
          style={{ width: `min(94vw, ${wide ? 880 : 480}px)` }}
        >
          <div className="flex items-start gap-3 border-b border-line px-5 py-4">
            <Dialog.Title className="flex-1 text-xl">{title}</Dialog.Title>
            <Dialog.Close className="-m-1 grid h-10 w-10 shrink-0 place-items-center rounded-full text-2xl leading-none text-sage hover:bg-mist hover:text-ink" aria-label="Close">
              <span aria-hidden="true">×</span>
            </Dialog.Close>
          </div>
          {description && <Dialog.Description className="sr-only">{description}</Dialog.Description>}
          <div className="overflow-y-auto px-5 py-4">{children}</div>
          {footer && <div className="flex flex-wrap justify-end gap-2 border-t border-line bg-paper px-5 py-3">{footer}</div>}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
