// Small per-browser memories of the store screens.

const PAIL_HINT_KEY = "bloom.store.pailHintShown";
const VIEW_KEY = "bloom.store.view";

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Private mode or storage full: the preference just isn't remembered.
  }
}

/** SPEC §8: the pail hint is shown the first time only, then disabled. */
export const pailHintShown = (): boolean => read(PAIL_HINT_KEY) === "1";
export const markPailHintShown = (): void => write(PAIL_HINT_KEY, "1");

export type CatalogueView = "list" | "grid";
export const savedView = (): CatalogueView => (read(VIEW_KEY) === "grid" ? "grid" : "list");
export const saveView = (view: CatalogueView): void => write(VIEW_KEY, view);
