// A text box that filters a long list of choices as it is typed in (WAI-ARIA's combobox with a listbox
// popup, list autocomplete with the first match active): for lists too long for a select, such as the
// supply desk's thousands of products (issue 30). Only the first LIMIT matches are in the page, and
// only while the list is open, so a long list costs the page nothing until it is used: a select of
// 5,000 options took one style pass of 21–42 ms when the page showed it, wanted or not.
// Keyboard: typing filters and makes the first match active, the arrows move the active choice
// (ArrowDown opens the list), Enter takes it, Escape closes the list (or, closed, empties the box),
// Tab leaves without choosing. The choice is sent with the form in a hidden input named `name`.
import { useId, useMemo, useState, type KeyboardEvent } from "react";

export interface Choice {
  value: string;
  label: string;
}

/** The most matches in the open list; more are counted, and found by typing more. */
export const LIMIT = 50;

interface Searchable extends Choice {
  search: string;
}

export function searchable(choices: readonly Choice[]): Searchable[] {
  return choices.map((c) => ({ ...c, search: c.label.toLowerCase() }));
}

/**
 * The choices whose label holds every word of `query` (any case, any order), in the list's order, at
 * most `limit`; `total` counts them all. An empty query matches every choice.
 */
export function matchChoices<T extends Searchable>(choices: readonly T[], query: string, limit = LIMIT): { shown: T[]; total: number } {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  const shown: T[] = [];
  let total = 0;
  for (const c of choices) {
    if (words.every((w) => c.search.includes(w))) {
      total++;
      if (shown.length < limit) shown.push(c);
    }
  }
  return { shown, total };
}

/** What the list's status line says (also read out by screen readers). */
export function matchText(shown: number, total: number, what: string): string {
  if (total === 0) return `No ${what} match.`;
  if (shown < total) return `${total.toLocaleString("en-US")} ${what} match; the first ${shown} are shown, type more to narrow them.`;
  return `${total.toLocaleString("en-US")} ${total === 1 ? "match" : `${what} match`}.`;
}

export interface ComboboxProps {
  /** The text box's id (its label's htmlFor). */
  id: string;
  /** The form field the chosen value is sent as. */
  name: string;
  /** The choices; undefined while they load. */
  choices: readonly Choice[] | undefined;
  value: string;
  onChange: (value: string) => void;
  /** Called when the box is first about to be used (focus, pointer over it): the time to load the choices. */
  onWanted?: () => void;
  /** The choices' name in the status line, plural ("products"). */
  what: string;
  placeholder?: string;
  invalid?: boolean;
  describedBy?: string;
}

export function Combobox({ id, name, choices, value, onChange, onWanted, what, placeholder, invalid, describedBy }: ComboboxProps) {
  const listId = `${id}-list`;
  const statusId = useId();
  const all = useMemo(() => searchable(choices ?? []), [choices]);
  const labelOf = (v: string) => all.find((c) => c.value === v)?.label ?? "";
  const [text, setText] = useState(() => labelOf(value));
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  // The value set from outside (emptied once the form is sent): the box shows its label.
  const [seen, setSeen] = useState(value);
  if (seen !== value) {
    setSeen(value);
    setText(labelOf(value));
  }
  const chosenLabel = value ? labelOf(value) : "";
  // The box showing the chosen label lists everything; anything else typed filters.
  const query = chosenLabel && text === chosenLabel ? "" : text;
  const { shown, total } = useMemo(() => (open ? matchChoices(all, query) : { shown: [], total: 0 }), [open, all, query]);
  const optionId = (i: number) => `${id}-option-${i}`;
  const activeIndex = active < shown.length ? active : shown.length - 1;

  function choose(c: Choice) {
    setText(c.label);
    setOpen(false);
    setActive(-1);
    onChange(c.value);
  }

  function move(to: number) {
    setActive(to);
    document.getElementById(optionId(to))?.scrollIntoView({ block: "nearest" });
  }

  function onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    if (e.key === "ArrowDown") {
      e.preventDefault();
      if (!open) {
        setOpen(true);
        setActive(0);
      } else if (shown.length > 0) move(Math.min(activeIndex + 1, shown.length - 1));
    } else if (e.key === "ArrowUp") {
      e.preventDefault();
      if (open && shown.length > 0) move(Math.max(activeIndex - 1, 0));
    } else if (e.key === "Enter") {
      if (open && activeIndex >= 0 && shown[activeIndex]) {
        e.preventDefault();
        choose(shown[activeIndex]);
      }
    } else if (e.key === "Escape") {
      if (open) {
        e.preventDefault();
        setOpen(false);
      } else if (text) {
        e.preventDefault();
        setText("");
        if (value) onChange("");
      }
    }
  }

  // The value sent: the chosen one while the box still shows it, none once something else is typed.
  const sent = chosenLabel && text === chosenLabel ? value : "";
  return (
    <div>
      <div className="relative">
        <input
          id={id}
          type="text"
          role="combobox"
          className="field-input"
          autoComplete="off"
          spellCheck={false}
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={listId}
          aria-activedescendant={open && activeIndex >= 0 ? optionId(activeIndex) : undefined}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          placeholder={placeholder}
          value={text}
          onFocus={onWanted}
          onPointerEnter={onWanted}
          onChange={(e) => {
            setText(e.target.value);
            setOpen(true);
            setActive(e.target.value.trim() ? 0 : -1);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => setOpen(false)}
          onClick={() => setOpen(true)}
        />
        <input type="hidden" name={name} value={sent} />
        <ul id={listId} role="listbox" aria-label={`Matching ${what}`} hidden={!open || shown.length === 0} className="absolute inset-x-0 top-full z-20 mt-1 max-h-72 overflow-auto rounded-lg border border-line bg-white py-1 shadow-lg">
          {shown.map((c, i) => (
            <li
              key={c.value}
              id={optionId(i)}
              role="option"
              aria-selected={i === activeIndex}
              className={`cursor-pointer px-3 py-1.5 ${i === activeIndex ? "bg-leaf-light text-leaf-dark" : ""}`}
              // Taken on mousedown, before the box loses focus (which closes the list).
              onMouseDown={(e) => {
                e.preventDefault();
                choose(c);
              }}
            >
              {c.label}
            </li>
          ))}
        </ul>
      </div>
      <p id={statusId} role="status" className={open ? "mt-1 text-xs text-sage" : "sr-only"}>
        {open ? (choices ? matchText(shown.length, total, what) : `Loading the ${what}…`) : ""}
      </p>
    </div>
  );
}
