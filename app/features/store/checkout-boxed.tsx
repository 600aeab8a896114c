import { useId, useRef, useState } from "react";
import type { CartItem } from "../../../contract/store.ts";
import { boxFill } from "../../../domain/box-fill.ts";

/**
 * "Pack in boxes" answers the click at once; the save follows (saves run one after another), and a
 * failed one puts the box back, with the 'Cart Update Error' alert saying why (issue 27).
 */
export function useBoxedToggle(saved: boolean, save: (boxed: boolean) => Promise<unknown>) {
  const [shown, setShown] = useState<boolean | null>(null);
  const saves = useRef(0);
  async function toggle(next: boolean) {
    setShown(next);
    saves.current += 1;
    await save(next);
    saves.current -= 1;
    if (saves.current === 0) setShown(null);
  }
  return { boxed: shown ?? saved, toggle };
}

export function BoxedSwitch(props: { boxed: boolean; alwaysBoxed: boolean; disabled: boolean; lines: CartItem[]; onToggle: (next: boolean) => void }) {
  const { boxed, alwaysBoxed } = props;
  const id = useId();
  const fill = boxFill(props.lines);
  return (
    <div className="rounded-lg border border-line p-3">
      <div className="flex items-start gap-3">
        <input
          id={id}
          type="checkbox"
          role="switch"
          className="mt-1 h-5 w-5 accent-leaf"
          checked={boxed}
          disabled={alwaysBoxed || props.disabled}
          aria-describedby={`${id}-hint`}
          onChange={(e) => props.onToggle(e.target.checked)}
        />
        <div>
          <label htmlFor={id} className="font-semibold">
            Pack in boxes
          </label>
          <p id={`${id}-hint`} className="text-sm text-sage">
            {alwaysBoxed ? "Your account always ships boxed." : boxed ? "Boxed: packed in shipping boxes." : "Not boxed: shipped in our pails."}
          </p>
          {boxed && fill && (
            // Polite: the fill changes as lines change; a screen reader hears it once settled.
            <p className="mt-1 text-sm" aria-live="polite">
              <span className="font-semibold text-ink">Box fill: {fill.text}.</span>
              {fill.hint && <span className="block text-sage">{fill.hint}</span>}
            </p>
          )}
        </div>
      </div>
    </div>
  );
}
