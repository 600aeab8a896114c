// The published content as the content tests read it: loaded once through the real service, with
// the names of the Markdown files of each folder to check nothing was left out.
import { readdirSync } from "node:fs";
import path from "node:path";
import { CONTENT_DIR, createContentService } from "./service.ts";

export const content = createContentService("Pride");

/** The Markdown files of a content folder, without their ending. */
export const fileNames = (folder: string) =>
  readdirSync(path.join(CONTENT_DIR, folder))
    .filter((f) => f.endsWith(".md"))
    .map((f) => f.replace(/\.md$/, ""));

export const pages = fileNames("pages").map((name) => ({ name, doc: content.page(name) }));
export const articles = content.blog();
export const guides = content.careGuides();
export const varieties = content.varieties();

/** A front-matter value as trimmed text ("" when it is not text). */
export const str = (v: unknown) => (typeof v === "string" ? v.trim() : "");
