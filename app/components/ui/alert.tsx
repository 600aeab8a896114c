import * as AlertDialogPrimitive from "@radix-ui/react-alert-dialog";
import { createContext, useCallback, useContext, useEffect, useRef, useState, type CSSProperties, type ReactNode } from "react";
import { createPortal } from "react-dom";
import { alertButtons, newAlertKey } from "../../../domain/constants.ts";
import { useReturnFocus } from "./dialog.tsx";

export type AlertType = "success" | "error" | "info" | "warning" | "question" | "blitz";

export interface AlertOptions {
  primaryText?: string;
  secondaryText?: string;
  showSecondary?: boolean;
}

export interface AlertData {
  key?: string;
  title: string;
  message: string;
  type: AlertType;
  options?: AlertOptions;
  inline?: boolean;
  /** Inline alerts only: a position (px) from the top and left of the nearest positioned box. */
  top?: number;
  left?: number;
  /** Inline alerts only: the id of an element to render into instead of where it is declared. */
  teleport?: string;
}

const TONE: Record<AlertType, { box: string; icon: string; label: string }> = {
  success: { box: "border-leaf bg-leaf-light", icon: "✓", label: "Success" },
  error: { box: "border-[#b42318] bg-[#fdecea]", icon: "!", label: "Error" },
  info: { box: "border-sage bg-white", icon: "i", label: "Information" },
  warning: { box: "border-amber-text bg-cream", icon: "!", label: "Warning" },
  question: { box: "border-leaf bg-white", icon: "?", label: "Question" },
  blitz: { box: "border-petal bg-petal-light", icon: "★", label: "Blitz offer" },
};

/** Button texts per SPEC §9: Ok for success/error/info, Yes/No for warning/question; options override. */
export function buttonsFor(alert: AlertData) {
  const defaults = alertButtons(alert.type);
  const primary = alert.options?.primaryText ?? defaults[0] ?? "Ok";
  const secondary = alert.options?.secondaryText ?? defaults[1];
  const showSecondary = alert.options?.showSecondary ?? defaults.length > 1;
  return { primary, secondary: showSecondary ? (secondary ?? "Cancel") : undefined };
}

/** An alert in the page flow (the store's inline quantity messages use this). */
export function InlineAlert({ alert, onClose }: { alert: AlertData; onClose?: (primary: boolean) => void }) {
  const tone = TONE[alert.type];
  const { primary, secondary } = buttonsFor(alert);
  const urgent = alert.type === "error" || alert.type === "warning";
  const [target, setTarget] = useState<HTMLElement | null>(null);
  useEffect(() => {
    setTarget(alert.teleport ? document.getElementById(alert.teleport) : null);
  }, [alert.teleport]);
  const placed = alert.top !== undefined || alert.left !== undefined;
  const style: CSSProperties | undefined = placed ? { position: "absolute", top: alert.top, left: alert.left, zIndex: 30 } : undefined;
  const box = (
    <div role={urgent ? "alert" : "status"} style={style} className={`flex gap-3 rounded-lg border-l-4 p-3 text-ink ${tone.box}${placed ? " shadow-lg" : ""}`}>
      <span aria-hidden="true" className="mt-0.5 grid h-6 w-6 shrink-0 place-items-center rounded-full bg-ink text-xs font-bold text-white">
        {tone.icon}
      </span>
      <div className="flex-1">
        {alert.title && <p className="font-semibold">{alert.title}</p>}
        <p>{alert.message}</p>
        {onClose && (
          <div className="mt-2 flex gap-2">
            <button type="button" className="btn btn-primary !min-h-9 !px-3 !py-1 text-sm" onClick={() => onClose(true)}>
              {primary}
            </button>
            {secondary && (
              <button type="button" className="btn btn-secondary !min-h-9 !px-3 !py-1 text-sm" onClick={() => onClose(false)}>
                {secondary}
              </button>
            )}
          </div>
        )}
      </div>
    </div>
  );
  // Teleported (SPEC §3 alert "teleport target"): rendered into the named element once it exists.
  if (alert.teleport) return target ? createPortal(box, target) : null;
  return box;
}

type ShowAlert = (alert: AlertData) => Promise<boolean>;
const AlertContext = createContext<ShowAlert>(async () => false);
/** Shows a top-level modal alert; resolves true for the primary button, false otherwise. */
export const useAlert = () => useContext(AlertContext);

function AlertDialog({ alert, onClose }: { alert: AlertData; onClose: (primary: boolean) => void }) {
  const primaryRef = useRef<HTMLButtonElement>(null);
  const focus = useReturnFocus();
  const tone = TONE[alert.type];
  const { primary, secondary } = buttonsFor(alert);
  // Errors, warnings and questions interrupt (alertdialog); the others are plain dialogs. Neither
  // closes on a click outside; Escape answers "no".
  const urgent = alert.type === "error" || alert.type === "warning" || alert.type === "question";
  return (
    <AlertDialogPrimitive.Root
      open
      onOpenChange={(open) => {
        if (!open) onClose(false);
      }}
    >
      <AlertDialogPrimitive.Portal>
        <AlertDialogPrimitive.Overlay className="fixed inset-0 z-[60] bg-ink/40" />
        <AlertDialogPrimitive.Content
          role={urgent ? "alertdialog" : "dialog"}
          onOpenAutoFocus={(e) => {
            focus.onOpenAutoFocus();
            e.preventDefault();
            primaryRef.current?.focus();
          }}
          onCloseAutoFocus={focus.onCloseAutoFocus}
          className={`fixed top-1/2 left-1/2 z-[60] w-[min(92vw,460px)] -translate-x-1/2 -translate-y-1/2 rounded-xl border-t-4 p-0 text-ink shadow-2xl ${tone.box}`}
        >
          <div className="p-6">
            <AlertDialogPrimitive.Title className="text-xl">
              <span className="sr-only">{tone.label}: </span>
              {alert.title}
            </AlertDialogPrimitive.Title>
            <AlertDialogPrimitive.Description className="mt-2">{alert.message}</AlertDialogPrimitive.Description>
            <div className="mt-6 flex justify-end gap-2">
              {secondary && (
                <button type="button" className="btn btn-secondary" onClick={() => onClose(false)}>
                  {secondary}
                </button>
              )}
              <button ref={primaryRef} type="button" className="btn btn-primary" onClick={() => onClose(true)}>
                {primary}
              </button>
            </div>
          </div>
        </AlertDialogPrimitive.Content>
      </AlertDialogPrimitive.Portal>
    </AlertDialogPrimitive.Root>
  );
}

export function AlertProvider({ children }: { children: ReactNode }) {
  const [queue, setQueue] = useState<{ alert: AlertData; resolve: (v: boolean) => void }[]>([]);
  const show = useCallback<ShowAlert>(
    (alert) =>
      new Promise<boolean>((resolve) => {
        setQueue((q) => [...q, { alert: { ...alert, key: alert.key ?? newAlertKey() }, resolve }]);
      }),
    [],
  );
  const current = queue[0];
  return (
    <AlertContext.Provider value={show}>
      {children}
      {current && (
        <AlertDialog
          key={current.alert.key}
          alert={current.alert}
          onClose={(primary) => {
            current.resolve(primary);
            setQueue((q) => q.slice(1));
          }}
        />
      )}
    </AlertContext.Provider>
  );
}
