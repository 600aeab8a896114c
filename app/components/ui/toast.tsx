import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { TOAST_DEFAULT_DURATION_MS, TOAST_DEFAULT_TYPE } from "../../lib/ui-constants.ts";

export type ToastType = "success" | "error" | "info" | "warning";
interface Toast {
  id: number;
  message: string;
  title?: string;
  type: ToastType;
  duration: number;
}
type ShowToast = (message: string, options?: { type?: ToastType; duration?: number; title?: string }) => void;

const ToastContext = createContext<ShowToast>(() => {});
export const useToast = () => useContext(ToastContext);

const STYLE: Record<ToastType, string> = {
  success: "border-leaf bg-leaf-light text-ink",
  error: "border-[#b42318] bg-[#fdecea] text-ink",
  info: "border-sage bg-white text-ink",
  warning: "border-amber-text bg-cream text-ink",
};

function ToastItem({ toast, onDone }: { toast: Toast; onDone: (id: number) => void }) {
  useEffect(() => {
    const t = setTimeout(() => onDone(toast.id), toast.duration);
    return () => clearTimeout(t);
  }, [toast, onDone]);
  return (
    <div className={`pointer-events-auto flex items-start gap-3 rounded-lg border-l-4 px-4 py-3 shadow-lg ${STYLE[toast.type]}`}>
      <div className="flex-1">
        {toast.title && <p className="font-semibold">{toast.title}</p>}
        <p>{toast.message}</p>
      </div>
      <button type="button" className="rounded px-1 text-sage hover:text-ink" aria-label="Dismiss" onClick={() => onDone(toast.id)}>
        ×
      </button>
    </div>
  );
}

/** Toasts: 5000 ms and success by default (SPEC §9), announced politely to screen readers. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const next = useRef(1);
  const show = useCallback<ShowToast>((message, options) => {
    const toast: Toast = {
      id: next.current++,
      message,
      title: options?.title,
      type: options?.type ?? (TOAST_DEFAULT_TYPE as ToastType),
      duration: options?.duration ?? TOAST_DEFAULT_DURATION_MS,
    };
    setToasts((list) => [...list, toast]);
  }, []);
  const done = useCallback((id: number) => setToasts((list) => list.filter((t) => t.id !== id)), []);
  const value = useMemo(() => show, [show]);
  return (
    <ToastContext.Provider value={value}>
      {children}
      <div role="status" aria-live="polite" className="pointer-events-none fixed right-4 bottom-4 z-50 flex w-[min(92vw,380px)] flex-col gap-2">
        {toasts.map((t) => (
          <ToastItem key={t.id} toast={t} onDone={done} />
        ))}
      </div>
    </ToastContext.Provider>
  );
}
