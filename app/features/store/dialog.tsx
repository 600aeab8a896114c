import { useEffect, useId, useRef, type ReactNode } from "react";

/**
 * A modal dialog on the native <dialog>: showModal() makes the rest of the page inert (focus stays
 * inside), Escape closes it, and closing returns focus to where it was.
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
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const d = ref.current;
    // React removes the element before this effect's cleanup runs, so the browser cannot hand focus
    // back on close(); do it ourselves.
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (d && !d.open) d.showModal();
    return () => {
      if (d?.open) d.close();
      if (opener?.isConnected) opener.focus();
    };
  }, []);
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-description={description}
      onCancel={(e) => {
        e.preventDefault();
        // A dialog opened on top of another closes alone (React passes the event up its tree).
        e.stopPropagation();
        onClose();
      }}
      onClick={(e) => {
        // A click on the backdrop (the dialog element itself, outside its panel) closes it.
        if (e.target === ref.current) onClose();
      }}
      className={`m-auto max-h-[92vh] overflow-hidden rounded-2xl bg-white p-0 text-ink shadow-2xl backdrop:bg-ink/45`}
      style={{ width: `min(94vw, ${wide ? 880 : 480}px)` }}
    >
      <div className="flex max-h-[92vh] flex-col">
        <div className="flex items-start gap-3 border-b border-line px-5 py-4">
          <h2 id={titleId} className="flex-1 text-xl">
            {title}
          </h2>
          <button
            type="button"
            onClick={onClose}
            className="-m-1 grid h-10 w-10 shrink-0 place-items-center rounded-full text-2xl leading-none text-sage hover:bg-mist hover:text-ink"
            aria-label="Close"
          >
            <span aria-hidden="true">×</span>
          </button>
        </div>
        <div className="overflow-y-auto px-5 py-4">{children}</div>
        {footer && <div className="flex flex-wrap justify-end gap-2 border-t border-line bg-paper px-5 py-3">{footer}</div>}
      </div>
    </dialog>
  );
}
